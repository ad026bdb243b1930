// A project's OpenID Provider clients (GET/POST/PATCH/DELETE /oidc-clients): the apps that sign
// people in with this project ("Sign in with …" for Grafana, Gitea). A confidential client's
// secret is shown once, with a copy button, since authd keeps only its digest.
import { useState, type FormEvent, type ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useAction } from '../action';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { useConsoleT } from '../console-messages';
import type { ConsoleKey } from '../../../server/protocol/messages/console/console-en';
import { ApiStates, Table } from '../data-table';
import { Section } from '../section';
import { TextAreaField, TextField, SubmitRow } from '../text-field';
import { ShownOnceValues, type ShownValue } from '../shown-once-values';
import { EditAndDelete } from '../edit-and-delete';
import {
  badgeClass,
  checkboxRowClass,
  columnFieldClass,
  fieldsetClass,
  formRowClass,
  labelClass,
  pageTitleClass,
  panelClass,
  primaryButtonClass,
  sectionTitleClass,
  smallButtonClass,
  stackedCellClass,
  textClass,
} from '../styles';
import { FailureAlert } from '../page-states';

const route = getRouteApi('/projects/$projectId/oidc-clients');

/** The scopes a client may be allowed (the provider's own list, docs/openid-provider.md): protocol names, shown as they are. */
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

type CreatedOidcClient = OidcClient & { client_secret?: string };

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function OidcClientsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const t = useConsoleT();
  const clients = useApiData(() => api.project<{ items: OidcClient[] }>(projectId, 'GET', '/oidc-clients'), [projectId]);
  const [created, setCreated] = useState<CreatedOidcClient | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const path = (id: string) => `/oidc-clients/${encodeURIComponent(id)}`;
  const editedClient = editing && clients.state === 'ready' ? clients.data.items.find((client) => client.client_id === editing) : undefined;

  return (
    <>
      <h1 className={pageTitleClass}>{t('nav.oidcClients')}</h1>
      <CreateClientForm
        projectId={projectId}
        onCreated={(client) => {
          setCreated(client);
          clients.reload();
        }}
      />
      {created ? <CreatedClient client={created} onDone={() => setCreated(null)} /> : null}
      <Section id="oidc-clients-title" title={t('oidc.clients')}>
        {notice ? (
          <p className={textClass} role="status">
            {notice}
          </p>
        ) : null}
        <ApiStates data={clients} loading={t('oidc.loading')} failed={t('oidc.failed')} empty={{ title: t('oidc.empty'), hint: t('oidc.emptyHint') }}>
          {(answer) => (
            <Table
              label={t('oidc.table')}
              testId="oidc-clients-table"
              rows={answer.items}
              rowKey={(client) => client.client_id}
              columns={[
                {
                  // The kind of client under its name, not a column of its own: the table then
                  // fits a phone in every language.
                  header: t('common.name'),
                  cell: (client) => (
                    <span className={stackedCellClass}>
                      <span>{client.name}</span>
                      <span className={formRowClass}>
                        <span className={badgeClass}>{t(`oidc.${client.type}` satisfies ConsoleKey)}</span>
                        {client.first_party ? <span className={badgeClass}>{t('oidc.firstPartyBadge')}</span> : null}
                      </span>
                    </span>
                  ),
                },
                { header: t('methods.clientId'), wideOnly: true, cell: (client) => <code>{client.client_id}</code> },
                { header: t('oidc.redirectUris'), wideOnly: true, cell: (client) => client.redirect_uris.join(', ') },
                {
                  header: t('common.actions'),
                  headerHidden: true,
                  cell: (client) => (
                    <EditAndDelete
                      edit={t('oidc.edit')}
                      editLabel={t('oidc.editNamed', { name: client.name })}
                      onEdit={() => setEditing(client.client_id)}
                      deleteTitle={t('oidc.deleteTitle', { name: client.name })}
                      deleteText={t('oidc.deleteText')}
                      phrase={client.name}
                      onDelete={async () => {
                        await api.project(projectId, 'DELETE', path(client.client_id));
                        setNotice(t('oidc.deleted', { name: client.name }));
                        if (editing === client.client_id) setEditing(null);
                        clients.reload();
                      }}
                    />
                  ),
                },
              ]}
            />
          )}
        </ApiStates>
      </Section>
      {editedClient ? (
        <EditClientForm
          key={editedClient.client_id}
          projectId={projectId}
          client={editedClient}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setNotice(t('oidc.saved', { name: editedClient.name }));
            clients.reload();
          }}
        />
      ) : null}
    </>
  );
}

/** The redirect URIs, one a line, and whether the client skips the consent screen: both forms have them. */
function RedirectsAndFirstParty(props: {
  id: string;
  label: string;
  redirects: string;
  onRedirects(text: string): void;
  firstParty: boolean;
  onFirstParty(on: boolean): void;
  rows: number;
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  const t = useConsoleT();
  return (
    <>
      <TextAreaField id={props.id} label={props.label} rows={props.rows} autoFocus={props.autoFocus} value={props.redirects} onChange={props.onRedirects} />
      {props.children}
      <label className={checkboxRowClass}>
        <input type="checkbox" checked={props.firstParty} onChange={(event) => props.onFirstParty(event.target.checked)} />
        {t('oidc.firstPartyLabel')}
      </label>
    </>
  );
}

function CreateClientForm(props: { projectId: string; onCreated(client: CreatedOidcClient): void }) {
  const { api } = useConsoleSession();
  const t = useConsoleT();
  const [name, setName] = useState('');
  const [redirects, setRedirects] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [firstParty, setFirstParty] = useState(false);
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const client = await api.project<CreatedOidcClient>(props.projectId, 'POST', '/oidc-clients', {
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
        {t('oidc.register')}
      </h2>
      <TextField id="oidc-client-name" className={columnFieldClass} label={t('oidc.nameLabel')} value={name} maxLength={200} onChange={setName} />
      <RedirectsAndFirstParty
        id="oidc-client-redirects"
        label={t('oidc.redirectsLabel')}
        rows={2}
        redirects={redirects}
        onRedirects={setRedirects}
        firstParty={firstParty}
        onFirstParty={setFirstParty}
      >
        <label className={checkboxRowClass}>
          <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
          {t('oidc.publicLabel')}
        </label>
      </RedirectsAndFirstParty>
      <SubmitRow busy={action.busy} failure={action.failure}>
        {action.busy ? t('oidc.registering') : t('oidc.registerButton')}
      </SubmitRow>
    </form>
  );
}

function CreatedClient(props: { client: CreatedOidcClient; onDone(): void }) {
  const { client } = props;
  const t = useConsoleT();
  const fields: ShownValue[] = [
    { label: t('methods.clientId'), copy: t('oidc.copyClientId'), value: client.client_id, testId: 'created-client-id' },
    ...(client.client_secret
      ? [{ label: t('methods.clientSecret'), copy: t('oidc.copySecret'), value: client.client_secret, testId: 'created-client-secret' }]
      : []),
    { label: t('oidc.issuer'), copy: t('oidc.copyIssuer'), value: client.issuer, testId: 'created-issuer' },
  ];
  return (
    <ShownOnceValues
      id="created-client-title"
      testId="created-client"
      title={client.client_secret ? t('oidc.copySecretNow') : t('oidc.registered', { name: client.name })}
      text={client.client_secret ? t('oidc.secretShownOnce') : t('oidc.publicNoSecret')}
      values={fields}
      done={client.client_secret ? t('oidc.copiedIt') : t('oidc.done')}
      onDone={props.onDone}
    />
  );
}

function EditClientForm(props: { projectId: string; client: OidcClient; onDone(saved: boolean): void }) {
  const { api } = useConsoleSession();
  const t = useConsoleT();
  const [redirects, setRedirects] = useState(props.client.redirect_uris.join('\n'));
  const [chosen, setChosen] = useState(props.client.allowed_scopes);
  const [firstParty, setFirstParty] = useState(props.client.first_party);
  const action = useAction();
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
        {t('oidc.editNamed', { name: props.client.name })}
      </h2>
      <RedirectsAndFirstParty
        id="edit-oidc-client-redirects"
        label={t('oidc.redirectsEditLabel')}
        rows={3}
        autoFocus
        redirects={redirects}
        onRedirects={setRedirects}
        firstParty={firstParty}
        onFirstParty={setFirstParty}
      >
        <fieldset className={fieldsetClass}>
          <legend className={labelClass}>{t('oidc.allowedScopes')}</legend>
          {scopes.map((scope) => (
            <label key={scope} className={checkboxRowClass}>
              <input
                type="checkbox"
                checked={chosen.includes(scope)}
                onChange={(event) => setChosen(event.target.checked ? [...chosen, scope] : chosen.filter((s) => s !== scope))}
              />
              {scope}
            </label>
          ))}
        </fieldset>
      </RedirectsAndFirstParty>
      <FailureAlert message={action.failure} />
      <div className={formRowClass}>
        <button type="submit" className={primaryButtonClass} disabled={action.busy}>
          {action.busy ? t('common.saving') : t('oidc.save')}
        </button>
        <button type="button" className={smallButtonClass} onClick={() => props.onDone(false)}>
          {t('confirm.cancel')}
        </button>
      </div>
    </form>
  );
}
