// A project's name, description and production mode (PATCH /projects/current); production mode
// is refused by the API while the checks on the Domains page fail, and the refusal is shown.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { useConsoleT } from '../console-messages';
import { useReloadProject } from '../console-layout';
import { FailedState, LoadingState } from '../page-states';
import {
  checkboxRowClass,
  columnFieldClass,
  linkClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  primaryButtonClass,
  sectionTitleClass,
} from '../styles';
import { Section } from '../section';
import { OutcomeLine, useAction } from '../action';
import { TextAreaField, TextField } from '../text-field';

const route = getRouteApi('/projects/$projectId/settings');

export function SettingsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const project = useApiData(() => api.project<ProjectAdminView>(projectId, 'GET', '/projects/current'), [projectId]);
  const t = useConsoleT();
  if (project.state === 'loading') return <LoadingState label={t('settings.loading')} />;
  if (project.state === 'failed') return <FailedState what={t('settings.failed')} error={project.error} onRetry={project.reload} />;
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
  const t = useConsoleT();
  const patch = (body: Record<string, unknown>, done: string) =>
    action.run(async () => {
      await api.project(view.id, 'PATCH', '/projects/current', body);
      props.onSaved();
      reloadProject();
      return done;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return action.refuse(t('settings.nameRequired'));
    void patch({ display_name: name.trim(), description: description.trim() === '' ? null : description.trim() }, t('json.saved'));
  };

  const domainsLink = (
    <Link to="/projects/$projectId/domains" params={{ projectId: view.id }} className={linkClass}>
      {t('nav.domains')}
    </Link>
  );
  return (
    <>
      <h1 className={pageTitleClass}>{t('nav.settings')}</h1>
      <OutcomeLine outcome={action.outcome} />
      <form className={panelClass} onSubmit={submit} aria-labelledby="project-details-title" noValidate>
        <h2 id="project-details-title" className={sectionTitleClass}>
          {t('nav.label')}
        </h2>
        <TextField id="settings-name" label={t('common.name')} className={columnFieldClass} value={name} maxLength={256} onChange={setName} />
        <TextAreaField id="settings-description" label={t('common.description')} value={description} rows={3} onChange={setDescription} />
        <p className={mutedClass}>{t('settings.projectId', { id: view.id })}</p>
        <div>
          <button type="submit" className={primaryButtonClass} disabled={action.busy}>
            {t('settings.save')}
          </button>
        </div>
      </form>
      <Section id="production-mode-title" title={t('settings.production')}>
        <label className={checkboxRowClass}>
          <input
            type="checkbox"
            checked={production ?? view.is_production_mode}
            disabled={action.busy}
            onChange={async (event) => {
              const on = event.target.checked;
              setProduction(on);
              if (!(await patch({ is_production_mode: on }, on ? t('settings.productionIsOn') : t('settings.productionIsOff')))) setProduction(null);
            }}
          />
          {t('settings.productionSwitch')}
        </label>
        {view.production_mode_errors.length > 0 ? (
          <p className={mutedClass}>
            {view.production_mode_errors.length === 1
              ? t.rich('settings.oneCheckFails', { link: domainsLink })
              : t.rich('settings.checksFail', { link: domainsLink }, { count: view.production_mode_errors.length })}
          </p>
        ) : null}
      </Section>
    </>
  );
}
