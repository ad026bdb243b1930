// The projects the signed-in admin owns (GET /internal/projects), a form to create one
// (POST /internal/projects) and, on each, delete with a typed confirmation (DELETE
// /projects/current as that project's admin).
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TypedConfirmation } from '../confirm-dialog';
import { ApiStates } from '../data-table';
import { Section } from '../section';
import { useAction } from '../action';
import { PanelForm, TextField } from '../text-field';
import {
  cardGridClass,
  mainClass,
  mutedClass,
  panelClass,
  pageTitleClass,
  primaryButtonClass,
  projectCardLinkClass,
  titleRowClass,
  warningBoxClass,
} from '../styles';

interface ProjectList {
  items: ProjectAdminView[];
}

/** More projects than this and the console warns, as Stack's SDK does past 10 client apps. */
export const manyClientAppsWarningAbove = 10;

function ManyProjectsWarning(props: { count: number }) {
  return (
    <p className={warningBoxClass} role="note" data-testid="many-projects-warning">
      <strong>More than {manyClientAppsWarningAbove} client apps.</strong> You own {props.count} projects. An app usually needs one project (one per product and
      environment); many of them for one app is usually a mistake, such as a script or a test that creates a project each time it runs.
    </p>
  );
}

export function ProjectsPage() {
  const { api } = useConsoleSession();
  const projects = useApiData(() => api.internal<ProjectList>('GET', '/internal/projects'), []);
  return (
    <main className={mainClass}>
      <h1 className={pageTitleClass}>Projects</h1>
      <CreateProjectForm onCreated={projects.reload} />
      {projects.state === 'ready' && projects.data.items.length > manyClientAppsWarningAbove ? (
        <ManyProjectsWarning count={projects.data.items.length} />
      ) : null}
      <Section id="your-projects" title="Your projects">
        <ApiStates
          data={projects}
          loading="Loading your projects…"
          failed="Your projects"
          empty={{
            title: 'No projects yet',
            hint: 'Create one above; each project has its own users, keys and sign-in settings.',
          }}
        >
          {(data) => (
            <ul className={cardGridClass} data-testid="project-list">
              {data.items.map((project) => (
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
        </ApiStates>
      </Section>
    </main>
  );
}

function CreateProjectForm(props: { onCreated(): void }) {
  const { api } = useConsoleSession();
  const [name, setName] = useState('');
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action.busy) return;
    if (name.trim() === '') return action.refuse('Give the project a name.');
    void action.run(async () => {
      await api.internal('POST', '/internal/projects', { display_name: name.trim(), config: {} });
      setName('');
      props.onCreated();
    });
  };
  const errorId = action.failure ? 'project-name-error' : undefined;
  return (
    <PanelForm
      id="new-project"
      title="New project"
      onSubmit={submit}
      submit={action.busy ? 'Creating…' : 'Create project'}
      submitClass={primaryButtonClass}
      busy={action.busy}
      failure={action.failure}
      errorId={errorId}
    >
      <TextField id="project-name" label="Name" value={name} maxLength={200} errorId={errorId} onChange={setName} />
    </PanelForm>
  );
}
