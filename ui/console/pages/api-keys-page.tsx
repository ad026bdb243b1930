// A project's API key sets (GET/POST /internal/api-keys, PATCH … {revoked: true}): created keys
// are shown once, with a copy button, since authd keeps only their hashes.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ApiKeySetCreationView, ApiKeySetObfuscatedView } from '../../../server/protocol/api-key-schemas';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TableFrame } from '../table-frame';
import { CopyButton } from '../copy-button';
import { EmptyState, FailedState, LoadingState, FailureAlert } from '../page-states';
import {
  badgeClass,
  checkboxRowClass,
  columnFieldClass,
  fieldClass,
  fieldsetClass,
  formRowClass,
  inputClass,
  labelClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  primaryButtonClass,
  secretBoxClass,
  sectionTitleClass,
  selectClass,
  smallButtonClass,
  smallDangerButtonClass,
  tableClass,
  textClass,
  visuallyHiddenClass,
  wideOnlyClass,
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
      <section className={panelClass} aria-labelledby="key-sets-title">
        <h2 id="key-sets-title" className={sectionTitleClass}>
          Key sets
        </h2>
        <FailureAlert message={failure} />
        {keys.state === 'loading' ? (
          <LoadingState label="Loading key sets…" />
        ) : keys.state === 'failed' ? (
          <FailedState what="The key sets" error={keys.error} onRetry={keys.reload} />
        ) : keys.data.items.length === 0 ? (
          <EmptyState title="No key sets">
            <p className={mutedClass}>Create one above for your app's frontend (publishable key) or server (secret key).</p>
          </EmptyState>
        ) : (
          <TableFrame label="Key sets">
            <table className={tableClass} data-testid="key-sets-table">
              <thead>
                <tr>
                  <th scope="col">Description</th>
                  <th scope="col">Keys</th>
                  <th scope="col" className={wideOnlyClass}>
                    Expires
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className={visuallyHiddenClass}>Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.items.map((key) => {
                  const status = statusOf(key, now);
                  return (
                    <tr key={key.id}>
                      <td>{key.description || '—'}</td>
                      <td>
                        <span className={keyListClass}>
                          {kinds
                            .filter((kind) => key[kind.field])
                            .map((kind) => (
                              <span key={kind.field}>{`${kind.prefix}_…${key[kind.field]!.last_four}`}</span>
                            ))}
                        </span>
                      </td>
                      <td className={wideOnlyClass}>{key.expires_at_millis >= neverMillis ? 'never' : new Date(key.expires_at_millis).toLocaleDateString()}</td>
                      <td>
                        <span className={badgeClass}>{status}</span>
                      </td>
                      <td>{status === 'valid' ? <RevokeButton onRevoke={() => revoke(key.id)} /> : null}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
    </>
  );
}

/** Two steps, so a stray click revokes nothing: the app using the keys stops working at once. */
function RevokeButton(props: { onRevoke(): Promise<void> }) {
  const [armed, setArmed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!armed) {
    return (
      <button type="button" className={smallButtonClass} onClick={() => setArmed(true)}>
        Revoke
      </button>
    );
  }
  return (
    <span className={formRowClass}>
      <button
        type="button"
        className={smallDangerButtonClass}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await props.onRevoke();
          setBusy(false);
          setArmed(false);
        }}
      >
        Revoke for good
      </button>
      <button type="button" className={smallButtonClass} onClick={() => setArmed(false)}>
        Keep
      </button>
    </span>
  );
}

function CreateKeysForm(props: { projectId: string; onCreated(view: ApiKeySetCreationView): void }) {
  const { api } = useConsoleSession();
  const [description, setDescription] = useState('');
  const [lifetime, setLifetime] = useState('3');
  const [wanted, setWanted] = useState<Record<string, boolean>>({ publishable_client_key: true, secret_server_key: true, super_secret_admin_key: false });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!kinds.some((kind) => wanted[kind.field])) {
      setFailure('Pick at least one kind of key.');
      return;
    }
    const chosen = lifetimes[Number(lifetime)]!;
    setBusy(true);
    setFailure(null);
    try {
      const view = await api.project<ApiKeySetCreationView>(props.projectId, 'POST', '/internal/api-keys', {
        description: description.trim(),
        expires_at_millis: chosen.millis === null ? neverMillis : Date.now() + chosen.millis,
        has_publishable_client_key: wanted.publishable_client_key === true,
        has_secret_server_key: wanted.secret_server_key === true,
        has_super_secret_admin_key: wanted.super_secret_admin_key === true,
      });
      setDescription('');
      props.onCreated(view);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby="new-keys-title">
      <h2 id="new-keys-title" className={sectionTitleClass}>
        New key set
      </h2>
      <div className={formRowClass}>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="key-description">
            Description
          </label>
          <input id="key-description" className={inputClass} value={description} maxLength={1000} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="key-lifetime">
            Expires after
          </label>
          <select id="key-lifetime" className={selectClass} value={lifetime} onChange={(event) => setLifetime(event.target.value)}>
            {lifetimes.map((choice, index) => (
              <option key={choice.label} value={String(index)}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>Keys in the set</legend>
        {kinds.map((kind) => (
          <label key={kind.field} className={checkboxRowClass}>
            <input
              type="checkbox"
              checked={wanted[kind.field] === true}
              onChange={(event) => setWanted({ ...wanted, [kind.field]: event.target.checked })}
            />
            {kind.label}
          </label>
        ))}
      </fieldset>
      <FailureAlert message={failure} />
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Creating…' : 'Create keys'}
        </button>
      </div>
    </form>
  );
}

function CreatedKeys(props: { view: ApiKeySetCreationView; onDone(): void }) {
  return (
    <section className={panelClass} aria-labelledby="created-keys-title" data-testid="created-keys">
      <h2 id="created-keys-title" className={sectionTitleClass}>
        Copy your keys now
      </h2>
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
    </section>
  );
}
