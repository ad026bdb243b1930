// A project's OpenID Provider clients (GET/POST/PATCH/DELETE /oidc-clients): the apps that sign
// people in with this project ("Sign in with …" for Grafana, Gitea). A confidential client's
// secret is shown once, with a copy button, since authd keeps only its digest.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useAction } from '../action';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TableFrame } from '../table-frame';
import { CopyButton } from '../copy-button';
import { TypedConfirmation } from '../confirm-dialog';
import { EmptyState, FailedState, LoadingState, FailureAlert } from '../page-states';
import {
  badgeClass,
  checkboxRowClass,
  columnFieldClass,
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
  smallButtonClass,
  tableClass,
  textClass,
  textareaClass,
  visuallyHiddenClass,
  wideOnlyClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/oidc-clients');

/** The scopes a client may be allowed (the provider's own list, docs/openid-provider.md). */
const scopes = ['openid', 'profile', 'email', 'offline_access', 'teams'] as const;

/** A client as the API shows it (no secret). */
interface OidcClient {
  client_id: string;
  name: string;
  type: 'confidential' | 'public';
  redirect_uris: string[];
  allowed_scopes: string[];
  first_party: boolean;
  issuer: string;
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function OidcClientsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const clients = useApiData(() => api.project<{ items: OidcClient[] }>(projectId, 'GET', '/oidc-clients'), [projectId]);
  const [created, setCreated] = useState<(OidcClient & { client_secret?: string }) | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const path = (id: string) => `/oidc-clients/${encodeURIComponent(id)}`;

  return (
    <>
      <h1 className={pageTitleClass}>OIDC clients</h1>
      <CreateClientForm
        projectId={projectId}
        onCreated={(client) => {
          setCreated(client);
          clients.reload();
        }}
      />
      {created ? <CreatedClient client={created} onDone={() => setCreated(null)} /> : null}
      <section className={panelClass} aria-labelledby="oidc-clients-title">
        <h2 id="oidc-clients-title" className={sectionTitleClass}>
          Clients
        </h2>
        {notice ? (
          <p className={textClass} role="status">
            {notice}
          </p>
        ) : null}
        {clients.state === 'loading' ? (
          <LoadingState label="Loading clients…" />
        ) : clients.state === 'failed' ? (
          <FailedState what="The OIDC clients" error={clients.error} onRetry={clients.reload} />
        ) : clients.data.items.length === 0 ? (
          <EmptyState title="No OIDC clients">
            <p className={mutedClass}>Register an app above (Grafana, Gitea, oauth2-proxy…) to let it sign people in with this project.</p>
          </EmptyState>
        ) : (
          <TableFrame label="OIDC clients">
            <table className={tableClass} data-testid="oidc-clients-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className={wideOnlyClass}>
                    Client ID
                  </th>
                  <th scope="col">Type</th>
                  <th scope="col" className={wideOnlyClass}>
                    Redirect URIs
                  </th>
                  <th scope="col">
                    <span className={visuallyHiddenClass}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {clients.data.items.map((client) => (
                  <tr key={client.client_id}>
                    <td>
                      {client.name}
                      {client.first_party ? <span className={badgeClass}> first-party</span> : null}
                    </td>
                    <td className={wideOnlyClass}>
                      <code>{client.client_id}</code>
                    </td>
                    <td>
                      <span className={badgeClass}>{client.type}</span>
                    </td>
                    <td className={wideOnlyClass}>{client.redirect_uris.join(', ')}</td>
                    <td>
                      <span className={formRowClass}>
                        <button type="button" className={smallButtonClass} aria-label={`Edit ${client.name}`} onClick={() => setEditing(client.client_id)}>
                          Edit
                        </button>
                        <TypedConfirmation
                          action="Delete"
                          title={`Delete ${client.name}?`}
                          description="The app can no longer sign anyone in; its tokens and every user's consent to it end."
                          phrase={client.name}
                          onConfirm={async () => {
                            await api.project(projectId, 'DELETE', path(client.client_id));
                            setNotice(`${client.name} deleted.`);
                            if (editing === client.client_id) setEditing(null);
                            clients.reload();
                          }}
                        />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
      {editing && clients.state === 'ready'
        ? (() => {
            const client = clients.data.items.find((c) => c.client_id === editing);
            return client ? (
              <EditClientForm
                key={client.client_id}
                projectId={projectId}
                client={client}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) setNotice(`${client.name} saved.`);
                  clients.reload();
                }}
              />
            ) : null;
          })()
        : null}
    </>
  );
}

function ScopeChoices(props: { chosen: string[]; onChange(chosen: string[]): void }) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={labelClass}>Allowed scopes</legend>
      {scopes.map((scope) => (
        <label key={scope} className={checkboxRowClass}>
          <input
            type="checkbox"
            checked={props.chosen.includes(scope)}
            onChange={(event) => props.onChange(event.target.checked ? [...props.chosen, scope] : props.chosen.filter((s) => s !== scope))}
          />
          {scope}
        </label>
      ))}
    </fieldset>
  );
}

function CreateClientForm(props: { projectId: string; onCreated(client: OidcClient & { client_secret?: string }): void }) {
  const { api } = useConsoleSession();
  const [name, setName] = useState('');
  const [redirects, setRedirects] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [firstParty, setFirstParty] = useState(false);
  const action = useAction();
  const { busy, failure } = action;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const client = await api.project<OidcClient & { client_secret?: string }>(props.projectId, 'POST', '/oidc-clients', {
        name: name.trim(),
        redirect_uris: linesOf(redirects),
        public: isPublic,
        first_party: firstParty,
      });
      setName('');
      setRedirects('');
      props.onCreated(client);
    });
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby="new-oidc-client-title">
      <h2 id="new-oidc-client-title" className={sectionTitleClass}>
        Register an app
      </h2>
      <div className={columnFieldClass}>
        <label className={labelClass} htmlFor="oidc-client-name">
          Name (shown on the consent screen)
        </label>
        <input id="oidc-client-name" className={inputClass} value={name} required maxLength={200} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className={columnFieldClass}>
        <label className={labelClass} htmlFor="oidc-client-redirects">
          Redirect URIs, one a line (exact match)
        </label>
        <textarea id="oidc-client-redirects" className={textareaClass} rows={2} required value={redirects} onChange={(event) => setRedirects(event.target.value)} />
      </div>
      <label className={checkboxRowClass}>
        <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
        Public client (no secret; PKCE required), for apps that cannot keep a secret
      </label>
      <label className={checkboxRowClass}>
        <input type="checkbox" checked={firstParty} onChange={(event) => setFirstParty(event.target.checked)} />
        First-party (no consent screen)
      </label>
      <FailureAlert message={failure} />
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Registering…' : 'Register app'}
        </button>
      </div>
    </form>
  );
}

function CreatedClient(props: { client: OidcClient & { client_secret?: string }; onDone(): void }) {
  const { client } = props;
  const fields = [
    { label: 'Client ID', value: client.client_id, testId: 'created-client-id' },
    ...(client.client_secret ? [{ label: 'Client secret', value: client.client_secret, testId: 'created-client-secret' }] : []),
    { label: 'Issuer', value: client.issuer, testId: 'created-issuer' },
  ];
  return (
    <section className={panelClass} aria-labelledby="created-client-title" data-testid="created-client">
      <h2 id="created-client-title" className={sectionTitleClass}>
        {client.client_secret ? 'Copy the client secret now' : `${client.name} is registered`}
      </h2>
      <p className={textClass}>
        {client.client_secret
          ? 'authd keeps only a digest of the secret: this is the only time it is shown.'
          : 'A public client has no secret: it proves itself with PKCE.'}
      </p>
      {fields.map((field) => (
        <div key={field.label} className={columnFieldClass}>
          <span className={labelClass}>{field.label}</span>
          <div className={formRowClass}>
            <code className={secretBoxClass} data-testid={field.testId}>
              {field.value}
            </code>
            <CopyButton value={field.value} label={`Copy the ${field.label.toLowerCase()}`} />
          </div>
        </div>
      ))}
      <div>
        <button type="button" className={smallButtonClass} onClick={props.onDone}>
          {client.client_secret ? 'I have copied it' : 'Done'}
        </button>
      </div>
    </section>
  );
}

function EditClientForm(props: { projectId: string; client: OidcClient; onDone(saved: boolean): void }) {
  const { api } = useConsoleSession();
  const [redirects, setRedirects] = useState(props.client.redirect_uris.join('\n'));
  const [chosen, setChosen] = useState(props.client.allowed_scopes);
  const [firstParty, setFirstParty] = useState(props.client.first_party);
  const action = useAction();
  const { busy, failure } = action;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await api.project(props.projectId, 'PATCH', `/oidc-clients/${encodeURIComponent(props.client.client_id)}`, {
        redirect_uris: linesOf(redirects),
        allowed_scopes: scopes.filter((scope) => chosen.includes(scope)),
        first_party: firstParty,
      });
      props.onDone(true);
    });
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby="edit-oidc-client-title" data-testid="edit-oidc-client">
      <h2 id="edit-oidc-client-title" className={sectionTitleClass}>
        Edit {props.client.name}
      </h2>
      <div className={columnFieldClass}>
        <label className={labelClass} htmlFor="edit-oidc-client-redirects">
          Redirect URIs, one a line
        </label>
        <textarea id="edit-oidc-client-redirects" className={textareaClass} rows={3} autoFocus value={redirects} onChange={(event) => setRedirects(event.target.value)} />
      </div>
      <ScopeChoices chosen={chosen} onChange={setChosen} />
      <label className={checkboxRowClass}>
        <input type="checkbox" checked={firstParty} onChange={(event) => setFirstParty(event.target.checked)} />
        First-party (no consent screen)
      </label>
      <FailureAlert message={failure} />
      <div className={formRowClass}>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className={smallButtonClass} onClick={() => props.onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
