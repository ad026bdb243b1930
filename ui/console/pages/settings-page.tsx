// A project's name, description and production mode (PATCH /projects/current); production mode
// is refused by the API while the checks on the Domains page fail, and the refusal is shown.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { useReloadProject } from '../console-layout';
import { FailedState, LoadingState } from '../page-states';
import {
  checkboxRowClass,
  columnFieldClass,
  labelClass,
  linkClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  primaryButtonClass,
  sectionTitleClass,
  textareaClass,
} from '../styles';
import { Section } from '../section';
import { OutcomeLine, useAction } from '../action';
import { TextField } from '../text-field';

const route = getRouteApi('/projects/$projectId/settings');

export function SettingsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const project = useApiData(() => api.project<ProjectAdminView>(projectId, 'GET', '/projects/current'), [projectId]);
  if (project.state === 'loading') return <LoadingState label="Loading the project's settings…" />;
  if (project.state === 'failed') return <FailedState what="The settings" error={project.error} onRetry={project.reload} />;
  return <SettingsForms key={project.data.id} view={project.data} onSaved={project.reload} />;
}

function SettingsForms(props: { view: ProjectAdminView; onSaved(): void }) {
  const { api } = useConsoleSession();
  const reloadProject = useReloadProject();
  const { view } = props;
  const [name, setName] = useState(view.display_name);
  const [description, setDescription] = useState(view.description ?? '');
  const [production, setProduction] = useState<boolean | null>(null);
  const action = useAction();
  const patch = (body: Record<string, unknown>, done: string) =>
    action.run(async () => {
      await api.project(view.id, 'PATCH', '/projects/current', body);
      props.onSaved();
      reloadProject();
      return done;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return action.refuse('The project needs a name.');
    void patch({ display_name: name.trim(), description: description.trim() === '' ? null : description.trim() }, 'Saved.');
  };

  return (
    <>
      <h1 className={pageTitleClass}>Settings</h1>
      <OutcomeLine outcome={action.outcome} />
      <form className={panelClass} onSubmit={submit} aria-labelledby="project-details-title" noValidate>
        <h2 id="project-details-title" className={sectionTitleClass}>
          Project
        </h2>
        <TextField id="settings-name" label="Name" className={columnFieldClass} value={name} maxLength={256} onChange={setName} />
        <div className={columnFieldClass}>
          <label className={labelClass} htmlFor="settings-description">
            Description
          </label>
          <textarea id="settings-description" className={textareaClass} value={description} rows={3} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <p className={mutedClass}>Project id: {view.id}</p>
        <div>
          <button type="submit" className={primaryButtonClass} disabled={action.busy}>
            Save
          </button>
        </div>
      </form>
      <Section id="production-mode-title" title="Production mode">
        <label className={checkboxRowClass}>
          <input
            type="checkbox"
            checked={production ?? view.is_production_mode}
            disabled={action.busy}
            onChange={async (event) => {
              const on = event.target.checked;
              setProduction(on);
              if (!(await patch({ is_production_mode: on }, on ? 'Production mode is on.' : 'Production mode is off.'))) setProduction(null);
            }}
          />
          Production mode: refuse localhost, plain http and shared development credentials
        </label>
        {view.production_mode_errors.length > 0 ? (
          <p className={mutedClass}>
            {view.production_mode_errors.length === 1 ? 'One check fails' : `${view.production_mode_errors.length} checks fail`}: see{' '}
            <Link to="/projects/$projectId/domains" params={{ projectId: view.id }} className={linkClass}>
              Domains
            </Link>
            .
          </p>
        ) : null}
      </Section>
    </>
  );
}
