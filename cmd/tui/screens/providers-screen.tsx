// A project's OAuth providers, every one authd knows: Enter turns one on or off (added with
// shared credentials where authd has them), c sets the project's own credentials (client id, then
// the secret, typed hidden), s goes back to shared credentials, x removes one after confirmation.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import {
  listOAuthProviderSettings,
  removeOAuthProvider,
  setOAuthProvider,
} from '../../../server/core/projects/oauth-provider-settings';
import { oauthProviderIds, sharedOAuthProviderIds, type OAuthProviderId } from '../../../server/protocol/oauth-provider-ids';
import { afterFirstRead, type LoadedProps } from '../after-first-read';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { Confirm, TextField } from '../text-field';

type Mode = { kind: 'list' } | { kind: 'client-id' } | { kind: 'client-secret'; clientId: string } | { kind: 'remove' };

export const ProvidersScreen = afterFirstRead(
  (ctx, { projectId }: { projectId: string }) => listOAuthProviderSettings(ctx, projectId),
  ProvidersScreenLoaded,
);

function ProvidersScreenLoaded({
  projectId,
  loaded: configured,
  reload,
}: LoadedProps<{ projectId: string }, Awaited<ReturnType<typeof listOAuthProviderSettings>>>) {
  const { ctx } = useNavigation();
  const act = useAction();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  // Read again whenever the screen changes mode, so what serve or the CLI changed meanwhile shows.
  useEffect(reload, [mode.kind, reload]);
  const rows = oauthProviderIds.map((id) => ({ id, settings: configured.find((provider) => provider.id === id) }));
  const change = (work: () => unknown, done: string) =>
    act(async () => {
      await work();
      reload();
    }, done);
  const hasShared = (id: OAuthProviderId) => sharedOAuthProviderIds.includes(id);

  const selected = useSelection(rows.length, mode.kind === 'list', (index) => {
    const { id, settings } = rows[index]!;
    if (!settings && !hasShared(id)) return setMode({ kind: 'client-id' });
    const enabled = !(settings?.enabled ?? false);
    void change(async () => await setOAuthProvider(ctx, projectId, { id, enabled }), `${id}: ${enabled ? 'on' : 'off'}`);
  });
  const row = rows[selected]!;
  useInput(
    (input) => {
      if (input === 'c') setMode({ kind: 'client-id' });
      if (input === 's' && hasShared(row.id)) {
        void change(
          async () => await setOAuthProvider(ctx, projectId, { id: row.id, type: 'shared' }),
          `${row.id}: shared credentials`,
        );
      }
      if (input === 'x' && row.settings) setMode({ kind: 'remove' });
    },
    { isActive: mode.kind === 'list' },
  );
  useHelp('↑↓ move · Enter on/off · c own credentials · s shared credentials · x remove');

  return (
    <Box flexDirection="column">
      <ListRows
        items={rows}
        selected={selected}
        empty=""
        row={({ id, settings }) => {
          if (!settings) return `${id.padEnd(10)} not set${hasShared(id) ? '' : ' (needs your own credentials: c)'}`;
          const credentials =
            settings.type === 'shared'
              ? 'shared credentials'
              : `own credentials, client id ${settings.client_id ?? '-'}${settings.client_secret_set ? ', secret set' : ', no secret'}`;
          return `${id.padEnd(10)} ${settings.enabled ? '[on] ' : '[off]'} ${credentials}`;
        }}
      />
      <Text dimColor>Shared credentials are authd's own, for development; production needs your own OAuth app.</Text>
      {mode.kind === 'client-id' ? (
        <TextField
          label={`Client id of your ${row.id} OAuth app`}
          initial={row.settings?.client_id ?? ''}
          onCancel={() => setMode({ kind: 'list' })}
          onSubmit={(clientId) => setMode({ kind: 'client-secret', clientId: clientId.trim() })}
        />
      ) : null}
      {mode.kind === 'client-secret' ? (
        <TextField
          label={`Client secret${row.settings?.client_secret_set ? ' (empty keeps the stored one)' : ''}`}
          masked
          onCancel={() => setMode({ kind: 'list' })}
          onSubmit={async (secret) => {
            const saved = await change(
              async () =>
                await setOAuthProvider(ctx, projectId, {
                  id: row.id,
                  type: 'standard',
                  client_id: mode.clientId,
                  ...(secret ? { client_secret: secret } : {}),
                }),
              `${row.id}: own credentials saved`,
            );
            if (saved) setMode({ kind: 'list' });
          }}
        />
      ) : null}
      {mode.kind === 'remove' ? (
        <Confirm
          question={`Remove ${row.id} and its credentials? Its users keep their accounts.`}
          onNo={() => setMode({ kind: 'list' })}
          onYes={() => {
            setMode({ kind: 'list' });
            void change(async () => await removeOAuthProvider(ctx, projectId, row.id), `Removed ${row.id}.`);
          }}
        />
      ) : null}
    </Box>
  );
}
