// A project's name, description and production mode (PATCH /projects/current); production mode
// is refused by the API while the checks on the Domains page fail, and the refusal is shown.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { useReloadProject } from '../console-layout';
import { FailedState, LoadingState } from '../page-states';
import {
  checkboxRowClass,
  errorTextClass,
  columnFieldClass,
  inputClass,
  labelClass,
  linkClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  primaryButtonClass,
  sectionTitleClass,
  successTextClass,
  textareaClass,
} from '../styles';

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
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const patch = async (body: Record<string, unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setOutcome(null);
    try {
      await api.project(view.id, 'PATCH', '/projects/current', body);
      setOutcome({ ok: true, message: done });
      props.onSaved();
      reloadProject();
      return true;
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setOutcome({ ok: false, message: 'The project needs a name.' });
      return;
    }
    void patch({ display_name: name.trim(), description: description.trim() === '' ? null : description.trim() }, 'Saved.');
  };

  return (
    <>
      <h1 className={pageTitleClass}>Settings</h1>
      <p role="status" className={outcome && !outcome.ok ? errorTextClass : successTextClass}>
        {outcome?.message ?? ''}
      </p>
      <form className={panelClass} onSubmit={submit} aria-labelledby="project-details-title" noValidate>
        <h2 id="project-details-title" className={sectionTitleClass}>
          Project
        </h2>
        <div className={columnFieldClass}>
          <label className={labelClass} htmlFor="settings-name">
            Name
          </label>
          <input id="settings-name" className={inputClass} value={name} maxLength={256} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className={columnFieldClass}>
          <label className={labelClass} htmlFor="settings-description">
            Description
          </label>
          <textarea
            id="settings-description"
            className={textareaClass}
            value={description}
            rows={3}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <p className={mutedClass}>Project id: {view.id}</p>
        <div>
          <button type="submit" className={primaryButtonClass} disabled={busy}>
            Save
          </button>
        </div>
      </form>
      <section className={panelClass} aria-labelledby="production-mode-title">
        <h2 id="production-mode-title" className={sectionTitleClass}>
          Production mode
        </h2>
        <label className={checkboxRowClass}>
          <input
            type="checkbox"
            checked={production ?? view.is_production_mode}
            disabled={busy}
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
      </section>
    </>
  );
}
