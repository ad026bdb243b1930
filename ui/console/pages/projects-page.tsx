// The projects the signed-in admin owns (GET /internal/projects), a form to create one
// (POST /internal/projects) and, on each, delete with a typed confirmation (DELETE
// /projects/current as that project's admin).
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TypedConfirmation } from '../confirm-dialog';
import { EmptyState, FailedState, LoadingState } from '../page-states';
import {
  cardGridClass,
  errorTextClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  mainClass,
  mutedClass,
  panelClass,
  pageTitleClass,
  primaryButtonClass,
  projectCardLinkClass,
  sectionTitleClass,
  titleRowClass,
} from '../styles';

interface ProjectList {
  items: ProjectAdminView[];
}

export function ProjectsPage() {
  const { api } = useConsoleSession();
  const projects = useApiData(() => api.internal<ProjectList>('GET', '/internal/projects'), []);
  return (
    <main className={mainClass}>
      <h1 className={pageTitleClass}>Projects</h1>
      <CreateProjectForm onCreated={projects.reload} />
      <section className={panelClass} aria-labelledby="your-projects">
        <h2 id="your-projects" className={sectionTitleClass}>
          Your projects
        </h2>
        {projects.state === 'loading' ? (
          <LoadingState label="Loading your projects…" />
        ) : projects.state === 'failed' ? (
          <FailedState what="Your projects" error={projects.error} onRetry={projects.reload} />
        ) : projects.data.items.length === 0 ? (
          <EmptyState title="No projects yet">
            <p className={mutedClass}>Create one above; each project has its own users, keys and sign-in settings.</p>
          </EmptyState>
        ) : (
          <ul className={cardGridClass} data-testid="project-list">
            {projects.data.items.map((project) => (
              <li key={project.id} className={panelClass} data-testid="project-card">
                <Link to="/projects/$projectId/overview" params={{ projectId: project.id }} className={projectCardLinkClass}>
                  {project.display_name}
                </Link>
                <p className={mutedClass}>
                  {project.user_count === 1 ? '1 user' : `${project.user_count} users`}
                  {project.is_production_mode ? ' · production mode' : ''}
                </p>
                <p className={mutedClass}>{project.id}</p>
                <div className={titleRowClass}>
                  <TypedConfirmation
                    action="Delete project"
                    title={`Delete ${project.display_name}?`}
                    description="Its users, teams, keys and settings are deleted for good, and every app signing in with it stops working."
                    phrase={project.display_name}
                    onConfirm={async () => {
                      await api.project(project.id, 'DELETE', '/projects/current');
                      projects.reload();
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function CreateProjectForm(props: { onCreated(): void }) {
  const { api } = useConsoleSession();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setFailure('Give the project a name.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await api.internal('POST', '/internal/projects', { display_name: name.trim(), config: {} });
      setName('');
      props.onCreated();
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby="new-project" noValidate>
      <h2 id="new-project" className={sectionTitleClass}>
        New project
      </h2>
      <div className={formRowClass}>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="project-name">
            Name
          </label>
          <input
            id="project-name"
            className={inputClass}
            value={name}
            maxLength={200}
            aria-invalid={failure !== null}
            aria-describedby={failure ? 'project-name-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Creating…' : 'Create project'}
        </button>
      </div>
      {failure ? (
        <p id="project-name-error" className={errorTextClass} role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
