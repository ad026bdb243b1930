// A project's team permission definitions (GET/POST/PATCH/DELETE /team-permission-definitions):
// the five built-in `$` permissions shown as such, custom ones created, edited (description and
// which permissions each contains) and deleted after typing the id.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TypedConfirmation } from '../confirm-dialog';
import { FailedState, LoadingState, FailureAlert } from '../page-states';
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

  if (definitions.state === 'loading') return <LoadingState label="Loading permissions…" />;
  if (definitions.state === 'failed') return <FailedState what="The permissions" error={definitions.error} onRetry={definitions.reload} />;
  const all = definitions.data.items;
  const edited = all.find((definition) => definition.id === editing) ?? null;
  const path = (id: string) => `/team-permission-definitions/${encodeURIComponent(id)}`;

  return (
    <>
      <h1 className={pageTitleClass}>Team permissions</h1>
      <p className={mutedClass}>
        What a team member may do. The built-in <code>$</code> permissions are what authd checks itself; yours are for your app, and one may contain others.
      </p>
      <p role="status" className={successTextClass}>
        {notice ?? ''}
      </p>
      <Section id="definitions-title" title="Permissions">
        <Table
          label="Table of permissions"
          testId="permissions-table"
          rows={all}
          rowKey={(definition) => definition.id}
          columns={[
            {
              header: 'Permission',
              className: codeCellClass,
              cell: (definition) => (
                <>
                  {definition.id} {isBuiltIn(definition.id) ? <span className={badgeClass}>built in</span> : null}
                </>
              ),
            },
            { header: 'Description', wideOnly: true, cell: (definition) => definition.description || '—' },
            {
              header: 'Contains',
              cell: (definition) =>
                definition.contained_permission_ids.length === 0
                  ? '—'
                  : definition.contained_permission_ids.map((id) => (
                      <span key={id} className={badgeClass}>
                        {id}
                      </span>
                    )),
            },
            {
              header: 'Actions',
              headerHidden: true,
              cell: (definition) =>
                isBuiltIn(definition.id) ? null : (
                  <span className={formRowClass}>
                    <button type="button" className={smallButtonClass} aria-label={`Edit ${definition.id}`} onClick={() => setEditing(definition.id)}>
                      Edit
                    </button>
                    <TypedConfirmation
                      action="Delete"
                      title={`Delete ${definition.id}?`}
                      description="Every grant of it, in every team, ends; permissions containing it no longer do."
                      phrase={definition.id}
                      onConfirm={async () => {
                        await api.project(projectId, 'DELETE', path(definition.id));
                        setNotice(`${definition.id} deleted.`);
                        if (editing === definition.id) setEditing(null);
                        definitions.reload();
                      }}
                    />
                  </span>
                ),
            },
          ]}
        />
      </Section>
      {edited ? (
        <PermissionForm
          key={edited.id}
          title={`Edit ${edited.id}`}
          initial={edited}
          others={all.filter((definition) => definition.id !== edited.id)}
          onCancel={() => setEditing(null)}
          onSubmit={async (input) => {
            await api.project(projectId, 'PATCH', path(edited.id), {
              description: input.description,
              contained_permission_ids: input.contained_permission_ids,
            });
            setEditing(null);
            setNotice(`${edited.id} saved.`);
            definitions.reload();
          }}
        />
      ) : null}
      <PermissionForm
        title="New permission"
        initial={null}
        others={all}
        onSubmit={async (input) => {
          await api.project(projectId, 'POST', '/team-permission-definitions', input);
          setNotice(`${input.id} created.`);
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
  const formId = props.initial ? 'edit-permission' : 'new-permission';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.initial && id.trim() === '') return action.refuse('Give the permission an id, such as read_reports.');
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
            Cancel
          </button>
        ) : null}
      </div>
      <div className={formRowClass}>
        {props.initial ? null : <TextField id={`${formId}-id`} label="Id" value={id} spellCheck={false} onChange={setId} />}
        <TextField id={`${formId}-description`} label="Description" value={description} onChange={setDescription} />
      </div>
      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>Contains</legend>
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
        {props.initial ? 'Save permission' : 'Create permission'}
      </SubmitRow>
    </form>
  );
}
