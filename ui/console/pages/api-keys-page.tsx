// A project's API key sets (GET/POST /internal/api-keys, PATCH … {revoked: true}): created keys
// are shown once, with a copy button, since authd keeps only their hashes.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ApiKeySetCreationView, ApiKeySetObfuscatedView } from '../../../server/protocol/api-key-schemas';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { FailureAlert } from '../page-states';
import { DataTable } from '../data-table';
import { Section } from '../section';
import { useAction } from '../action';
import { SelectField, TextField, SubmitRow } from '../text-field';
import { TwoStepButton } from '../two-step-button';
import {
  badgeClass,
  checkboxRowClass,
  columnFieldClass,
  fieldsetClass,
  formRowClass,
  labelClass,
  pageTitleClass,
  panelClass,
  secretBoxClass,
  sectionTitleClass,
  smallButtonClass,
  textClass,
  keyListClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/api-keys');
const dayMillis = 24 * 60 * 60 * 1000;
/** What "never" means for a key set, as the CLI's default (the last second of 2099). */
const neverMillis = Date.UTC(2099, 11, 31, 23, 59, 59);
const lifetimes = [
  { label: '1 day', millis: dayMillis },
  { label: '1 week', millis: 7 * dayMillis },
  { label: '90 days', millis: 90 * dayMillis },
  { label: '1 year', millis: 365 * dayMillis },
  { label: 'Never', millis: null },
] as const;

const kinds = [
  { field: 'publishable_client_key', flag: 'has_publishable_client_key', label: 'Publishable client key', prefix: 'pck' },
  { field: 'secret_server_key', flag: 'has_secret_server_key', label: 'Secret server key', prefix: 'ssk' },
  { field: 'super_secret_admin_key', flag: 'has_super_secret_admin_key', label: 'Super secret admin key', prefix: 'sak' },
] as const;

function statusOf(key: ApiKeySetObfuscatedView, now: number): string {
  if (key.manually_revoked_at_millis !== undefined) return 'revoked';
  return key.expires_at_millis <= now ? 'expired' : 'valid';
}

export function ApiKeysPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const keys = useApiData(() => api.project<{ items: ApiKeySetObfuscatedView[] }>(projectId, 'GET', '/internal/api-keys'), [projectId]);
  const [created, setCreated] = useState<ApiKeySetCreationView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const now = Date.now();

  const revoke = async (id: string) => {
    setFailure(null);
    try {
      await api.project(projectId, 'PATCH', `/internal/api-keys/${encodeURIComponent(id)}`, { revoked: true });
    } catch (error) {
      setFailure(describeFailure(error));
    }
    keys.reload();
  };

  return (
    <>
      <h1 className={pageTitleClass}>API keys</h1>
      <CreateKeysForm
        projectId={projectId}
        onCreated={(view) => {
          setCreated(view);
          keys.reload();
        }}
      />
      {created ? <CreatedKeys view={created} onDone={() => setCreated(null)} /> : null}
      <Section id="key-sets-title" title="Key sets">
        <FailureAlert message={failure} />
        <DataTable
          items="key sets"
          data={keys}
          empty={{
            title: 'No key sets',
            hint: "Create one above for your app's frontend (publishable key) or server (secret key).",
          }}
          columns={[
            { header: 'Description', cell: (key) => key.description || '—' },
            {
              header: 'Keys',
              cell: (key) => (
                <span className={keyListClass}>
                  {kinds
                    .filter((kind) => key[kind.field])
                    .map((kind) => (
                      <span key={kind.field}>{`${kind.prefix}_…${key[kind.field]!.last_four}`}</span>
                    ))}
                </span>
              ),
            },
            {
              header: 'Expires',
              wideOnly: true,
              cell: (key) => (key.expires_at_millis >= neverMillis ? 'never' : new Date(key.expires_at_millis).toLocaleDateString()),
            },
            { header: 'Status', cell: (key) => <span className={badgeClass}>{statusOf(key, now)}</span> },
            {
              header: 'Action',
              headerHidden: true,
              cell: (key) => (statusOf(key, now) === 'valid' ? <TwoStepButton action="Revoke" onConfirm={() => revoke(key.id)} /> : null),
            },
          ]}
        />
      </Section>
    </>
  );
}

function CreateKeysForm(props: { projectId: string; onCreated(view: ApiKeySetCreationView): void }) {
  const { api } = useConsoleSession();
  const [description, setDescription] = useState('');
  const [lifetime, setLifetime] = useState('3');
  const [wanted, setWanted] = useState<Record<string, boolean>>({
    publishable_client_key: true,
    secret_server_key: true,
    super_secret_admin_key: false,
  });
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kinds.some((kind) => wanted[kind.field])) return action.refuse('Pick at least one kind of key.');
    const chosen = lifetimes[Number(lifetime)]!;
    void action.run(async () => {
      const view = await api.project<ApiKeySetCreationView>(props.projectId, 'POST', '/internal/api-keys', {
        description: description.trim(),
        expires_at_millis: chosen.millis === null ? neverMillis : Date.now() + chosen.millis,
        has_publishable_client_key: wanted.publishable_client_key === true,
        has_secret_server_key: wanted.secret_server_key === true,
        has_super_secret_admin_key: wanted.super_secret_admin_key === true,
      });
      setDescription('');
      props.onCreated(view);
    });
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby="new-keys-title">
      <h2 id="new-keys-title" className={sectionTitleClass}>
        New key set
      </h2>
      <div className={formRowClass}>
        <TextField id="key-description" label="Description" value={description} maxLength={1000} onChange={setDescription} />
        <SelectField
          id="key-lifetime"
          label="Expires after"
          value={lifetime}
          onChange={setLifetime}
          options={lifetimes.map((choice, index) => [String(index), choice.label] as const)}
        />
      </div>
      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>Keys in the set</legend>
        {kinds.map((kind) => (
          <label key={kind.field} className={checkboxRowClass}>
            <input type="checkbox" checked={wanted[kind.field] === true} onChange={(event) => setWanted({ ...wanted, [kind.field]: event.target.checked })} />
            {kind.label}
          </label>
        ))}
      </fieldset>
      <SubmitRow busy={action.busy} failure={action.failure}>
        {action.busy ? 'Creating…' : 'Create keys'}
      </SubmitRow>
    </form>
  );
}

function CreatedKeys(props: { view: ApiKeySetCreationView; onDone(): void }) {
  return (
    <Section id="created-keys-title" title="Copy your keys now" testId="created-keys">
      <p className={textClass}>authd keeps only a hash of each key: this is the only time they are shown.</p>
      {kinds.map((kind) => {
        const value = props.view[kind.field];
        if (!value) return null;
        return (
          <div key={kind.field} className={columnFieldClass}>
            <span className={labelClass}>{kind.label}</span>
            <div className={formRowClass}>
              <code className={secretBoxClass} data-testid={`created-${kind.prefix}`}>
                {value}
              </code>
              <CopyButton value={value} label={kind.label} />
            </div>
          </div>
        );
      })}
      <div>
        <button type="button" className={smallButtonClass} onClick={props.onDone}>
          I have copied them
        </button>
      </div>
    </Section>
  );
}

function CopyButton(props: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={smallButtonClass}
      aria-label={`Copy the ${props.label.toLowerCase()}`}
      onClick={async () => {
        await navigator.clipboard.writeText(props.value);
        setCopied(true);
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
