// The projects the signed-in admin owns (GET /internal/projects), a form to create one
// (POST /internal/projects) and, on each, delete with a typed confirmation (DELETE
// /projects/current as that project's admin).
import { Link } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { useConsoleT } from '../console-messages';
import { TypedConfirmation } from '../confirm-dialog';
import { ApiStates } from '../data-table';
import { Section } from '../section';
import { NameCreationForm } from '../name-creation-form';
import {
  cardGridClass,
  mainClass,
  mutedClass,
  panelClass,
  pageTitleClass,
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
  const t = useConsoleT();
  return (
    <p className={warningBoxClass} role="note" data-testid="many-projects-warning">
      <strong>{t('projects.manyTitle', { count: manyClientAppsWarningAbove })}</strong> {t('projects.manyText', { count: props.count })}
    </p>
  );
}

export function ProjectsPage() {
  const { api } = useConsoleSession();
  const projects = useApiData(() => api.internal<ProjectList>('GET', '/internal/projects'), []);
  const t = useConsoleT();
  return (
    <main className={mainClass}>
      <h1 className={pageTitleClass}>{t('projects.title')}</h1>
      <CreateProjectForm onCreated={projects.reload} />
      {projects.state === 'ready' && projects.data.items.length > manyClientAppsWarningAbove ? (
        <ManyProjectsWarning count={projects.data.items.length} />
      ) : null}
      <Section id="your-projects" title={t('projects.yours')}>
        <ApiStates
          data={projects}
          loading={t('projects.loading')}
          failed={t('projects.failed')}
          empty={{ title: t('projects.emptyTitle'), hint: t('projects.emptyHint') }}
        >
          {(data) => (
            <ul className={cardGridClass} data-testid="project-list">
              {data.items.map((project) => (
                <li key={project.id} className={panelClass} data-testid="project-card">
                  <Link to="/projects/$projectId/overview" params={{ projectId: project.id }} className={projectCardLinkClass}>
                    {project.display_name}
                  </Link>
                  <p className={mutedClass}>
                    {t('projects.userCount', { count: project.user_count })}
                    {project.is_production_mode ? ` · ${t('projects.productionMode')}` : ''}
                  </p>
                  <p className={mutedClass}>{project.id}</p>
                  <div className={titleRowClass}>
                    <TypedConfirmation
                      action={t('projects.delete')}
                      title={t('projects.deleteTitle', { project: project.display_name })}
                      description={t('projects.deleteText')}
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
  const t = useConsoleT();
  return (
    <NameCreationForm
      id="new-project"
      fieldId="project-name"
      title={t('projects.new')}
      createLabel={t('projects.create')}
      nameRequired={t('projects.nameRequired')}
      errorId="project-name-error"
      create={(name) => api.internal('POST', '/internal/projects', { display_name: name, config: {} })}
      onCreated={props.onCreated}
    />
  );
}
