// A project's trusted domains and localhost setting (PATCH /projects/current), with what stands
// between it and production mode: the page every `relative_fix_url` of the API points at.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TableFrame } from '../table-frame';
import { EmptyState, FailedState, LoadingState } from '../page-states';
import {
  checkboxRowClass,
  errorTextClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  monoClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  primaryButtonClass,
  problemListClass,
  sectionTitleClass,
  smallButtonClass,
  successTextClass,
  tableClass,
  visuallyHiddenClass,
  wideOnlyClass,
  breakAnywhereClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/domains');

type Domain = ProjectAdminView['config']['domains'][number];

export function DomainsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const project = useApiData(() => api.project<ProjectAdminView>(projectId, 'GET', '/projects/current'), [projectId]);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
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
      <p className={mutedClass}>
        Sign-in screens and emails send people back only to these addresses (and to localhost while it is allowed).
      </p>
      {project.state === 'loading' ? (
        <LoadingState label="Loading the project's domains…" />
      ) : project.state === 'failed' ? (
        <FailedState what="The domains" error={project.error} onRetry={project.reload} />
      ) : (
        <>
          <p role="status" className={outcome && !outcome.ok ? errorTextClass : successTextClass}>
            {outcome?.message ?? ''}
          </p>
          <ProductionReadiness view={project.data} />
          <section className={panelClass} aria-labelledby="trusted-domains-title">
            <h2 id="trusted-domains-title" className={sectionTitleClass}>
              Trusted domains
            </h2>
            {project.data.config.domains.length === 0 ? (
              <EmptyState title="No trusted domains">
                <p className={mutedClass}>Add the address of the app that signs people in with this project.</p>
              </EmptyState>
            ) : (
              <TableFrame label="Trusted domains">
                <table className={tableClass} data-testid="domains-table">
                  <thead>
                    <tr>
                      <th scope="col">Domain</th>
                      <th scope="col" className={wideOnlyClass}>
                        Handler path
                      </th>
                      <th scope="col">
                        <span className={visuallyHiddenClass}>Action</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {project.data.config.domains.map((domain) => (
                      <tr key={domain.domain}>
                        <td className={breakAnywhereClass}>{domain.domain}</td>
                        <td className={`${monoClass} ${wideOnlyClass}`}>{domain.handler_path}</td>
                        <td>
                          <button
                            type="button"
                            className={smallButtonClass}
                            aria-label={`Remove ${domain.domain}`}
                            onClick={() =>
                              update({ domains: project.data.config.domains.filter((d) => d.domain !== domain.domain) }, `${domain.domain} removed.`)
                            }
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            )}
            <AddDomainForm onAdd={(domain) => update({ domains: [...project.data.config.domains, domain] }, `${domain.domain} added.`)} />
          </section>
          <section className={panelClass} aria-labelledby="localhost-title">
            <h2 id="localhost-title" className={sectionTitleClass}>
              Localhost
            </h2>
            <label className={checkboxRowClass}>
              <input
                type="checkbox"
                checked={localhostShown ?? project.data.config.allow_localhost}
                onChange={(event) => {
                  const allow = event.target.checked;
                  setLocalhostShown(allow);
                  void update({ allow_localhost: allow }, allow ? 'Localhost is allowed.' : 'Localhost is no longer allowed.');
                }}
              />
              Allow redirects to localhost (for development; production mode refuses it)
            </label>
          </section>
        </>
      )}
    </>
  );
}

function ProductionReadiness(props: { view: ProjectAdminView }) {
  const problems = props.view.production_mode_errors;
  return (
    <section className={panelClass} aria-labelledby="production-title" data-testid="production-readiness">
      <h2 id="production-title" className={sectionTitleClass}>
        Production mode {props.view.is_production_mode ? 'is on' : 'is off'}
      </h2>
      {problems.length === 0 ? (
        <p className={successTextClass}>Nothing here stands in the way of production mode.</p>
      ) : (
        <ul className={problemListClass}>
          {problems.map((problem) => (
            <li key={problem.message}>{problem.message}</li>
          ))}
        </ul>
      )}
    </section>
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
    <form className={formRowClass} onSubmit={submit} noValidate aria-label="Add a trusted domain">
      <div className={fieldClass}>
        <label className={labelClass} htmlFor="new-domain">
          Domain
        </label>
        <input
          id="new-domain"
          className={inputClass}
          value={domain}
          inputMode="url"
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'new-domain-problem' : undefined}
          onChange={(event) => setDomain(event.target.value)}
        />
      </div>
      <div className={fieldClass}>
        <label className={labelClass} htmlFor="new-handler-path">
          Handler path
        </label>
        <input id="new-handler-path" className={inputClass} value={handlerPath} onChange={(event) => setHandlerPath(event.target.value)} />
      </div>
      <button type="submit" className={primaryButtonClass} disabled={busy}>
        Add domain
      </button>
      {problem ? (
        <p id="new-domain-problem" className={errorTextClass} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
