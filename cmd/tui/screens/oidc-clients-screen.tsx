// OIDC clients (the apps that sign people in with this project as their OpenID Provider): list,
// register (n: name, redirect URI, then public or confidential; a confidential client's secret is
// shown once, c copies it through the terminal), change the redirect URIs (u) or the allowed
// scopes (s), switch first-party on or off (f), and delete (d, confirmed).
import { Box, Text, useInput, useStdout } from 'ink';
import { useEffect, useState } from 'react';
import {
  checkedRedirectUris,
  createOidcClient,
  deleteOidcClient,
  listOidcClients,
  updateOidcClient,
  type OidcClientCreation,
} from '../../../server/core/oidc/oidc-clients';
import { copyWithOsc52 } from '../clipboard';
import { ShownOnce } from '../shown-once';
import { useReloadable } from '../use-loaded';
import { screenReadsSettled, useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';
import { ConfirmChange } from '../editable-list';

type Mode = 'list' | 'name' | 'redirect' | 'public' | 'redirects' | 'scopes' | 'delete';

/** Space- or comma-separated values as a list (redirect URIs and scopes hold neither). */
const wordsOf = (text: string) => text.split(/[\s,]+/).filter((word) => word !== '');

/** The two lists edited as one line of words: redirect URIs (u) and allowed scopes (s). */
const listFields = {
  redirects: { field: 'redirect_uris', label: 'Redirect URIs (space-separated)', saved: 'Redirect URIs saved.' },
  scopes: { field: 'allowed_scopes', label: 'Allowed scopes (of openid profile email offline_access teams)', saved: 'Scopes saved.' },
} as const;

/** The new client's credentials as environment-file lines, ready to paste into the app's settings. */
function credentialsText(created: OidcClientCreation): string {
  return [`OIDC_ISSUER=${created.issuer}`, `OIDC_CLIENT_ID=${created.client_id}`, ...(created.client_secret ? [`OIDC_CLIENT_SECRET=${created.client_secret}`] : [])].join('\n');
}

export function OidcClientsScreen({ projectId }: { projectId: string }) {
  const { ctx, say } = useNavigation();
  const { stdout } = useStdout();
  const act = useAction();
  const [mode, setMode] = useState<Mode>('list');
  const [draft, setDraft] = useState({ name: '', redirect: '' });
  const [created, setCreated] = useState<OidcClientCreation | null>(null);
  const [clientsLoaded, reload] = useReloadable(() => listOidcClients(ctx, projectId), [projectId, mode]);
  const clients = clientsLoaded ?? [];
  const selected = useSelection(clients.length, mode === 'list');
  const client = clients[selected];
  useInput(
    (input) => {
      if (input === 'n') {
        setCreated(null);
        setMode('name');
      }
      if (input === 'c' && created) {
        copyWithOsc52(stdout, credentialsText(created));
        say('Sent the client id and secret to the clipboard (OSC 52: terminals and tmux with set-clipboard on take it).', 'ok');
      }
      if (!client) return;
      if (input === 'u') setMode('redirects');
      if (input === 's') setMode('scopes');
      if (input === 'd') setMode('delete');
      if (input === 'f') {
        void act(async () => {
          await updateOidcClient(ctx, projectId, client.client_id, { first_party: !client.first_party });
          reload();
        }, client.first_party ? `${client.name} asks for consent again.` : `${client.name} is first-party: no consent screen.`);
      }
    },
    { isActive: mode === 'list' },
  );
  useHelp(`↑↓ move · n new · u redirect URIs · s scopes · f first-party · d delete${created ? ' · c copy credentials' : ''}`);

  return (
    <Box flexDirection="column">
      <ListRows
        items={clients}
        selected={selected}
        empty="No OIDC clients: press n to register an app (Grafana, Gitea, oauth2-proxy…)."
        row={(c) => `${c.name.padEnd(22).slice(0, 22)} ${c.type.padEnd(12)} ${(c.first_party ? 'first-party' : '').padEnd(11)} ${c.redirect_uris.join(' ')}`}
      />
      {client && mode === 'list' ? (
        <Text dimColor>
          {client.client_id} · scopes: {client.allowed_scopes.join(' ')}
        </Text>
      ) : null}
      {created ? (
        <ShownOnce
          heading={created.client_secret ? 'Copy the client secret now: it is not shown again.' : `${created.name} is registered (public: no secret, PKCE).`}
          rows={[
            ['issuer', created.issuer],
            ['client id', created.client_id],
            ['client secret', created.client_secret],
          ]}
        />
      ) : null}
      {mode === 'name' ? (
        <TextField
          label="Name of the app (shown on the consent screen)"
          onCancel={() => setMode('list')}
          onSubmit={(name) => {
            setDraft({ name: name.trim(), redirect: '' });
            setMode('redirect');
          }}
        />
      ) : null}
      {mode === 'redirect' ? (
        <TextField
          label="Redirect URI (exact; more with u later)"
          onCancel={() => setMode('list')}
          onSubmit={(redirect) =>
            // Refused where it was typed, not after the client's kind is chosen.
            void act(() => {
              checkedRedirectUris([redirect.trim()]);
              setDraft({ ...draft, redirect: redirect.trim() });
              setMode('public');
            })
          }
        />
      ) : null}
      {mode === 'public' ? <ClientTypeChoice name={draft.name} onChoose={(isPublic) => void register(isPublic)} onCancel={() => setMode('list')} /> : null}
      {(mode === 'redirects' || mode === 'scopes') && client ? (
        <TextField
          key={mode}
          label={listFields[mode].label}
          initial={client[listFields[mode].field].join(' ')}
          onCancel={() => setMode('list')}
          onSubmit={(value) =>
            act(async () => {
              await updateOidcClient(ctx, projectId, client.client_id, { [listFields[mode].field]: wordsOf(value) });
              setMode('list');
            }, listFields[mode].saved)
          }
        />
      ) : null}
      {mode === 'delete' && client ? (
        <ConfirmChange
          question={`Delete ${client.name}? It can no longer sign anyone in; its tokens and every consent to it end.`}
          change={async () => {
            await deleteOidcClient(ctx, projectId, client.client_id);
            // Its credentials are no use any more.
            if (created?.client_id === client.client_id) setCreated(null);
            reload();
          }}
          done={`${client.name} deleted.`}
          onClose={() => setMode('list')}
        />
      ) : null}
    </Box>
  );

  function register(isPublic: boolean) {
    return act(async () => {
      try {
        const made = await createOidcClient(ctx, projectId, { name: draft.name, redirect_uris: [draft.redirect], public: isPublic });
        setMode('list');
        // Shown with the list that has the new client in it.
        await screenReadsSettled();
        setCreated(made);
      } catch (error) {
        setMode('list');
        throw error;
      }
    }, `${draft.name} registered.`);
  }
}

/**
 * Confidential (a server that keeps the secret) or public (a browser or mobile app: no secret,
 * PKCE): c or p, Escape cancels. Its own keys, unlike Confirm, so no stray key picks one.
 */
function ClientTypeChoice(props: { name: string; onChoose(isPublic: boolean): void; onCancel(): void }) {
  const { setEditing } = useNavigation();
  useEffect(() => {
    setEditing(true);
    return () => setEditing(false);
  }, [setEditing]);
  useInput((input, key) => {
    if (key.escape) props.onCancel();
    else if (input.toLowerCase() === 'c') props.onChoose(false);
    else if (input.toLowerCase() === 'p') props.onChoose(true);
  });
  return (
    <Text color="yellow">
      {props.name}: c confidential (a server keeps a secret) · p public (browser or mobile app, PKCE, no secret) · Escape cancels
    </Text>
  );
}
