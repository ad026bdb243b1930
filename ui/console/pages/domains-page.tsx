// A project's trusted domains and localhost setting (PATCH /projects/current), with what stands
// between it and production mode: the page every `relative_fix_url` of the API points at.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
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

  const update = async (config: { domains?: Domain[]; allow_localhost?: boolean }, done: string): Promise<boolean> => {
    setOutcome(null);
    try {
      await api.project(projectId, 'PATCH', '/projects/current', { config });
      setOutcome({ ok: true, message: done });
      project.reload();
      return true;
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error) });
      setLocalhostShown(null);
      return false;
    }
  };

  return (
    <>
      <h1 className={pageTitleClass}>Domains</h1>
      <p className={mutedClass}>Sign-in screens and emails send people back only to these addresses (and to localhost while it is allowed).</p>
      <ApiStates data={project} loading="Loading the project's domains…" failed="The domains">
        {(view) => (
          <>
            <OutcomeLine outcome={outcome} />
            <ProductionReadiness view={view} />
            <Section id="trusted-domains-title" title="Trusted domains">
              {view.config.domains.length === 0 ? (
                <EmptyState title="No trusted domains">
                  <p className={mutedClass}>Add the address of the app that signs people in with this project.</p>
                </EmptyState>
              ) : (
                <Table
                  label="Trusted domains"
                  testId="domains-table"
                  rows={view.config.domains}
                  rowKey={(domain) => domain.domain}
                  columns={[
                    { header: 'Domain', className: breakAnywhereClass, cell: (domain) => domain.domain },
                    { header: 'Handler path', wideOnly: true, className: monoClass, cell: (domain) => domain.handler_path },
                    {
                      header: 'Action',
                      headerHidden: true,
                      cell: (domain) => (
                        <button
                          type="button"
                          className={smallButtonClass}
                          aria-label={`Remove ${domain.domain}`}
                          onClick={() => update({ domains: view.config.domains.filter((d) => d.domain !== domain.domain) }, `${domain.domain} removed.`)}
                        >
                          Remove
                        </button>
                      ),
                    },
                  ]}
                />
              )}
              <AddDomainForm onAdd={(domain) => update({ domains: [...view.config.domains, domain] }, `${domain.domain} added.`)} />
            </Section>
            <Section id="localhost-title" title="Localhost">
              <label className={checkboxRowClass}>
                <input
                  type="checkbox"
                  checked={localhostShown ?? view.config.allow_localhost}
                  onChange={(event) => {
                    const allow = event.target.checked;
                    setLocalhostShown(allow);
                    void update({ allow_localhost: allow }, allow ? 'Localhost is allowed.' : 'Localhost is no longer allowed.');
                  }}
                />
                Allow redirects to localhost (for development; production mode refuses it)
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
  return (
    <Section id="production-title" title={`Production mode ${props.view.is_production_mode ? 'is on' : 'is off'}`} testId="production-readiness">
      {problems.length === 0 ? (
        <p className={successTextClass}>Nothing here stands in the way of production mode.</p>
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
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let url: URL;
    try {
      url = new URL(domain.trim());
    } catch {
      setProblem('Enter a full address, such as https://app.example.com.');
      return;
    }
    if (url.protocol !== 'https:') {
      setProblem('A trusted domain must start with https://.');
      return;
    }
    if (!handlerPath.startsWith('/')) {
      setProblem('The handler path must start with /.');
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
      submit="Add domain"
      submitClass={primaryButtonClass}
      busy={busy}
      label="Add a trusted domain"
      after={
        problem ? (
          <p id="new-domain-problem" className={errorTextClass} role="alert">
            {problem}
          </p>
        ) : null
      }
    >
      <TextField id="new-domain" label="Domain" value={domain} inputMode="url" errorId={problem ? 'new-domain-problem' : undefined} onChange={setDomain} />
      <TextField id="new-handler-path" label="Handler path" value={handlerPath} onChange={setHandlerPath} />
    </RowForm>
  );
}
