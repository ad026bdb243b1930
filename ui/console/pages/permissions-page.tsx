// A project's team permission definitions (GET/POST/PATCH/DELETE /team-permission-definitions):
// the five built-in `$` permissions shown as such, custom ones created, edited (description and
// which permissions each contains) and deleted after typing the id.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { useConsoleT } from '../console-messages';
import { EditAndDelete } from '../edit-and-delete';
import { FailedState, LoadingState } from '../page-states';
import { Table } from '../data-table';
import { Section } from '../section';
import { useAction } from '../action';
import { TextField, SubmitRow } from '../text-field';
import {
  badgeClass,
  checkboxRowClass,
  codeCellClass,
  fieldsetClass,
  formRowClass,
  labelClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  sectionTitleClass,
  smallButtonClass,
  successTextClass,
  titleRowClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/permissions');

interface Definition {
  id: string;
  description?: string;
  contained_permission_ids: string[];
}

const isBuiltIn = (id: string) => id.startsWith('$');

export function PermissionsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const definitions = useApiData(() => api.project<{ items: Definition[] }>(projectId, 'GET', '/team-permission-definitions'), [projectId]);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const t = useConsoleT();

  if (definitions.state === 'loading') return <LoadingState label={t('permissions.loading')} />;
  if (definitions.state === 'failed') return <FailedState what={t('permissions.failed')} error={definitions.error} onRetry={definitions.reload} />;
  const all = definitions.data.items;
  const edited = all.find((definition) => definition.id === editing) ?? null;
  const path = (id: string) => `/team-permission-definitions/${encodeURIComponent(id)}`;

  return (
    <>
      <h1 className={pageTitleClass}>{t('permissions.title')}</h1>
      <p className={mutedClass}>{t.rich('permissions.intro', { dollar: <code>$</code> })}</p>
      <p role="status" className={successTextClass}>
        {notice ?? ''}
      </p>
      <Section id="definitions-title" title={t('nav.permissions')}>
        <Table
          label={t('permissions.table')}
          testId="permissions-table"
          rows={all}
          rowKey={(definition) => definition.id}
          columns={[
            {
              header: t('permissions.permission'),
              className: codeCellClass,
              cell: (definition) => (
                <>
                  {definition.id} {isBuiltIn(definition.id) ? <span className={badgeClass}>{t('permissions.builtIn')}</span> : null}
                </>
              ),
            },
            { header: t('common.description'), wideOnly: true, cell: (definition) => definition.description || t('common.none') },
            {
              header: t('permissions.contains'),
              cell: (definition) =>
                definition.contained_permission_ids.length === 0
                  ? t('common.none')
                  : definition.contained_permission_ids.map((id) => (
                      <span key={id} className={badgeClass}>
                        {id}
                      </span>
                    )),
            },
            {
              header: t('common.actions'),
              headerHidden: true,
              cell: (definition) =>
                isBuiltIn(definition.id) ? null : (
                  <EditAndDelete
                    edit={t('permissions.edit')}
                    editLabel={t('permissions.editLabel', { id: definition.id })}
                    onEdit={() => setEditing(definition.id)}
                    deleteTitle={t('projects.deleteTitle', { project: definition.id })}
                    deleteText={t('permissions.deleteText')}
                    phrase={definition.id}
                    onDelete={async () => {
                      await api.project(projectId, 'DELETE', path(definition.id));
                      setNotice(t('permissions.deleted', { id: definition.id }));
                      if (editing === definition.id) setEditing(null);
                      definitions.reload();
                    }}
                  />
                ),
            },
          ]}
        />
      </Section>
      {edited ? (
        <PermissionForm
          key={edited.id}
          title={t('permissions.editLabel', { id: edited.id })}
          initial={edited}
          others={all.filter((definition) => definition.id !== edited.id)}
          onCancel={() => setEditing(null)}
          onSubmit={async (input) => {
            await api.project(projectId, 'PATCH', path(edited.id), {
              description: input.description,
              contained_permission_ids: input.contained_permission_ids,
            });
            setEditing(null);
            setNotice(t('permissions.saved', { id: edited.id }));
            definitions.reload();
          }}
        />
      ) : null}
      <PermissionForm
        title={t('permissions.new')}
        initial={null}
        others={all}
        onSubmit={async (input) => {
          await api.project(projectId, 'POST', '/team-permission-definitions', input);
          setNotice(t('permissions.created', { id: input.id }));
          definitions.reload();
        }}
      />
    </>
  );
}

function PermissionForm(props: {
  title: string;
  /** Null: a new permission, whose id is typed. */
  initial: Definition | null;
  others: Definition[];
  onSubmit(input: Definition): Promise<void>;
  onCancel?(): void;
}) {
  const [id, setId] = useState(props.initial?.id ?? '');
  const [description, setDescription] = useState(props.initial?.description ?? '');
  const [contained, setContained] = useState<string[]>(props.initial?.contained_permission_ids ?? []);
  const action = useAction();
  const t = useConsoleT();
  const formId = props.initial ? 'edit-permission' : 'new-permission';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.initial && id.trim() === '') return action.refuse(t('permissions.idRequired'));
    void action.run(async () => {
      await props.onSubmit({ id: id.trim(), description: description.trim(), contained_permission_ids: contained });
      if (!props.initial) {
        setId('');
        setDescription('');
        setContained([]);
      }
    });
  };

  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby={`${formId}-title`} noValidate>
      <div className={titleRowClass}>
        <h2 id={`${formId}-title`} className={sectionTitleClass}>
          {props.title}
        </h2>
        {props.onCancel ? (
          <button type="button" className={smallButtonClass} onClick={props.onCancel}>
            {t('confirm.cancel')}
          </button>
        ) : null}
      </div>
      <div className={formRowClass}>
        {props.initial ? null : <TextField id={`${formId}-id`} label={t('common.id')} value={id} spellCheck={false} onChange={setId} />}
        <TextField id={`${formId}-description`} label={t('common.description')} value={description} onChange={setDescription} />
      </div>
      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>{t('permissions.contains')}</legend>
        {props.others.map((other) => (
          <label key={other.id} className={checkboxRowClass}>
            <input
              type="checkbox"
              checked={contained.includes(other.id)}
              onChange={(event) => setContained(event.target.checked ? [...contained, other.id] : contained.filter((candidate) => candidate !== other.id))}
            />
            <span className={codeCellClass}>{other.id}</span>
          </label>
        ))}
      </fieldset>
      <SubmitRow busy={action.busy} failure={action.failure}>
        {props.initial ? t('permissions.save') : t('permissions.create')}
      </SubmitRow>
    </form>
  );
}
