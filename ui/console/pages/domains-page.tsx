// A project's trusted domains and localhost setting (PATCH /projects/current), with what stands
// between it and production mode: the page every `relative_fix_url` of the API points at.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { useConsoleT } from '../console-messages';
import { ApiStates, Table } from '../data-table';
import { EmptyState } from '../page-states';
import { Section } from '../section';
import { OutcomeLine, type Outcome } from '../action';
import { RowForm, TextField } from '../text-field';
import {
  checkboxRowClass,
  errorTextClass,
  monoClass,
  mutedClass,
  pageTitleClass,
  primaryButtonClass,
  problemListClass,
  smallButtonClass,
  successTextClass,
  breakAnywhereClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/domains');

type Domain = ProjectAdminView['config']['domains'][number];

export function DomainsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const project = useApiData(() => api.project<ProjectAdminView>(projectId, 'GET', '/projects/current'), [projectId]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The box shows the change at once; the saved value replaces it when the project is read back.
  const [localhostShown, setLocalhostShown] = useState<boolean | null>(null);
  const t = useConsoleT();

  const update = async (config: { domains?: Domain[]; allow_localhost?: boolean }, done: string): Promise<boolean> => {
    setOutcome(null);
    try {
      await api.project(projectId, 'PATCH', '/projects/current', { config });
      setOutcome({ ok: true, message: done });
      project.reload();
      return true;
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error, t) });
      setLocalhostShown(null);
      return false;
    }
  };

  return (
    <>
      <h1 className={pageTitleClass}>{t('nav.domains')}</h1>
      <p className={mutedClass}>{t('domains.intro')}</p>
      <ApiStates data={project} loading={t('domains.loading')} failed={t('domains.failed')}>
        {(view) => (
          <>
            <OutcomeLine outcome={outcome} />
            <ProductionReadiness view={view} />
            <Section id="trusted-domains-title" title={t('domains.trusted')}>
              {view.config.domains.length === 0 ? (
                <EmptyState title={t('domains.empty')}>
                  <p className={mutedClass}>{t('domains.emptyHint')}</p>
                </EmptyState>
              ) : (
                <Table
                  label={t('domains.trusted')}
                  testId="domains-table"
                  rows={view.config.domains}
                  rowKey={(domain) => domain.domain}
                  columns={[
                    { header: t('domains.domain'), className: breakAnywhereClass, cell: (domain) => domain.domain },
                    { header: t('domains.handlerPath'), wideOnly: true, className: monoClass, cell: (domain) => domain.handler_path },
                    {
                      header: t('common.action'),
                      headerHidden: true,
                      cell: (domain) => (
                        <button
                          type="button"
                          className={smallButtonClass}
                          aria-label={t('domains.removeLabel', { domain: domain.domain })}
                          onClick={() =>
                            update({ domains: view.config.domains.filter((d) => d.domain !== domain.domain) }, t('domains.removed', { domain: domain.domain }))
                          }
                        >
                          {t('team.remove')}
                        </button>
                      ),
                    },
                  ]}
                />
              )}
              <AddDomainForm onAdd={(domain) => update({ domains: [...view.config.domains, domain] }, t('domains.added', { domain: domain.domain }))} />
            </Section>
            <Section id="localhost-title" title={t('domains.localhost')}>
              <label className={checkboxRowClass}>
                <input
                  type="checkbox"
                  checked={localhostShown ?? view.config.allow_localhost}
                  onChange={(event) => {
                    const allow = event.target.checked;
                    setLocalhostShown(allow);
                    void update({ allow_localhost: allow }, allow ? t('domains.localhostOn') : t('domains.localhostOff'));
                  }}
                />
                {t('domains.allowLocalhost')}
              </label>
            </Section>
          </>
        )}
      </ApiStates>
    </>
  );
}

function ProductionReadiness(props: { view: ProjectAdminView }) {
  const problems = props.view.production_mode_errors;
  const t = useConsoleT();
  return (
    <Section id="production-title" title={props.view.is_production_mode ? t('domains.productionOn') : t('domains.productionOff')} testId="production-readiness">
      {problems.length === 0 ? (
        <p className={successTextClass}>{t('domains.ready')}</p>
      ) : (
        <ul className={problemListClass}>
          {problems.map((problem) => (
            <li key={problem.message}>{problem.message}</li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AddDomainForm(props: { onAdd(domain: Domain): Promise<boolean> }) {
  const [domain, setDomain] = useState('https://');
  const [handlerPath, setHandlerPath] = useState('/handler');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useConsoleT();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let url: URL;
    try {
      url = new URL(domain.trim());
    } catch {
      setProblem(t('domains.fullAddress'));
      return;
    }
    if (url.protocol !== 'https:') {
      setProblem(t('domains.httpsOnly'));
      return;
    }
    if (!handlerPath.startsWith('/')) {
      setProblem(t('domains.handlerSlash'));
      return;
    }
    setProblem(null);
    setBusy(true);
    if (await props.onAdd({ domain: url.origin, handler_path: handlerPath })) setDomain('https://');
    setBusy(false);
  };
  return (
    <RowForm
      onSubmit={submit}
      submit={t('domains.add')}
      submitClass={primaryButtonClass}
      busy={busy}
      label={t('domains.addLabel')}
      after={
        problem ? (
          <p id="new-domain-problem" className={errorTextClass} role="alert">
            {problem}
          </p>
        ) : null
      }
    >
      <TextField id="new-domain" label={t('domains.domain')} value={domain} inputMode="url" errorId={problem ? 'new-domain-problem' : undefined} onChange={setDomain} />
      <TextField id="new-handler-path" label={t('domains.handlerPath')} value={handlerPath} onChange={setHandlerPath} />
    </RowForm>
  );
}
