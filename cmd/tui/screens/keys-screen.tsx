// API key sets: list (state, last four characters, expiry), create (n: the keys are shown
// once, to copy now; c copies them through the terminal) and revoke (r, confirmed).
import { Box, useInput, useStdout } from 'ink';
import { useState } from 'react';
import { createApiKeySet, listApiKeySets, nonExpiringKeyMillis, revokeApiKeySet } from '../../../server/core/projects/api-keys';
import type { ApiKeySetCreationView, ApiKeySetObfuscatedView } from '../../../server/protocol/api-key-schemas';
import { copyWithOsc52 } from '../clipboard';
import { ShownOnce } from '../shown-once';
import { useReloadable } from '../use-loaded';
import { screenReadsSettled, useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';
import { ConfirmChange } from '../editable-list';

export function keySetState(set: ApiKeySetObfuscatedView, now: number): string {
  if (set.manually_revoked_at_millis !== undefined) return 'revoked';
  if (set.expires_at_millis >= nonExpiringKeyMillis) return 'valid, never expires';
  return set.expires_at_millis <= now ? 'expired' : `valid until ${new Date(set.expires_at_millis).toISOString().slice(0, 10)}`;
}

/**
 * The new keys as environment-file lines, under the names Stack's SDK reads by default, so a
 * paste into an app's .env is all the set-up it needs.
 */
function newKeysText(projectId: string, created: ApiKeySetCreationView): string {
  return [
    `NEXT_PUBLIC_STACK_PROJECT_ID=${projectId}`,
    `NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY=${created.publishable_client_key}`,
    `STACK_SECRET_SERVER_KEY=${created.secret_server_key}`,
    `STACK_SUPER_SECRET_ADMIN_KEY=${created.super_secret_admin_key}`,
  ].join('\n');
}

export function KeysScreen({ projectId }: { projectId: string }) {
  const { ctx, say } = useNavigation();
  const { stdout } = useStdout();
  const act = useAction();
  const [mode, setMode] = useState<'list' | 'create' | 'revoke'>('list');
  const [created, setCreated] = useState<ApiKeySetCreationView | null>(null);
  const [setsLoaded, reload] = useReloadable(() => listApiKeySets(ctx, projectId), [projectId, mode]);
  const sets = setsLoaded ?? [];
  const selected = useSelection(sets.length, mode === 'list');
  useInput(
    (input) => {
      if (input === 'n') {
        setCreated(null);
        setMode('create');
      }
      if (input === 'r' && sets[selected] && sets[selected].manually_revoked_at_millis === undefined) setMode('revoke');
      if (input === 'c' && created) {
        copyWithOsc52(stdout, newKeysText(projectId, created));
        say('Sent the new keys to the clipboard (OSC 52: terminals and tmux with set-clipboard on take it).', 'ok');
      }
    },
    { isActive: mode === 'list' },
  );
  useHelp(created ? '↑↓ move · c copy the new keys · n new key set · r revoke' : '↑↓ move · n new key set · r revoke');
  const now = ctx.clock.now();

  return (
    <Box flexDirection="column">
      <ListRows
        items={sets}
        selected={selected}
        empty="No key sets: press n to create one."
        row={(set) => {
          const lastFours = (['publishable_client_key', 'secret_server_key', 'super_secret_admin_key'] as const)
            .map((kind) => (set[kind] ? `…${set[kind]!.last_four}` : '-'))
            .join(' ');
          return `${(set.description || '(no description)').padEnd(26).slice(0, 26)} ${keySetState(set, now).padEnd(24)} ${lastFours}`;
        }}
      />
      {created ? (
        <ShownOnce
          heading="Copy these keys now: they are not shown again."
          rows={[
            ['project id', projectId],
            ['publishable client key', created.publishable_client_key],
            ['secret server key', created.secret_server_key],
            ['super secret admin key', created.super_secret_admin_key],
          ]}
        />
      ) : null}
      {mode === 'create' ? (
        <TextField
          label="Description of the new key set"
          onCancel={() => setMode('list')}
          onSubmit={(description) =>
            act(async () => {
              const made = await createApiKeySet(ctx, projectId, {
                description: description.trim(),
                expiresAtMillis: nonExpiringKeyMillis,
                keys: { publishable_client_key: true, secret_server_key: true, super_secret_admin_key: true },
              });
              setMode('list');
              // Shown with the list that has the new set in it.
              await screenReadsSettled();
              setCreated(made);
            }, 'Key set created; it never expires (revoke it with r).')
          }
        />
      ) : null}
      {mode === 'revoke' ? (
        <ConfirmChange
          question={`Revoke "${sets[selected]!.description}"? Apps using it stop working at once.`}
          change={async () => {
            const revokedId = sets[selected]!.id;
            await revokeApiKeySet(ctx, projectId, revokedId);
            // The keys shown to copy are of no use once their set is revoked.
            if (created?.id === revokedId) setCreated(null);
            reload();
          }}
          done="Key set revoked."
          onClose={() => setMode('list')}
        />
      ) : null}
    </Box>
  );
}
