// `authd users passkeys list|remove USER_ID`: a user's passkeys, and removing one (say, of a
// lost phone) so it can no longer sign in.
import { Command } from 'commander';
import { listPasskeys, removePasskey } from '../../server/core/auth/passkey-management';
import type { PasskeyView } from '../../server/protocol/passkey-schemas';
import { idDestructiveCommand, idListCommand } from '../id-argument-commands';

export function userPasskeysCommand(): Command {
  const passkeys = new Command('passkeys').description("a user's passkeys (only their public keys are stored)");
  passkeys.addCommand(
    idListCommand({
      description: "a user's passkeys, oldest first",
      ids: ['user_id'],
      list: (ctx, projectId, ids) => listPasskeys(ctx, projectId, ids.user_id),
      empty: 'No passkeys.',
      line: describePasskey,
    }),
  );
  passkeys.addCommand(
    idDestructiveCommand({
      name: 'remove',
      description: 'remove one passkey of a user; it can no longer sign in',
      ids: ['user_id', 'passkey_id'],
      question: (ids) => `Remove passkey ${ids.passkey_id} of user ${ids.user_id}?`,
      change: (ctx, projectId, ids) => removePasskey(ctx, projectId, ids.user_id, ids.passkey_id),
      done: (ids) => `Removed passkey ${ids.passkey_id}.`,
    }),
  );
  return passkeys;
}

function describePasskey(passkey: PasskeyView): string {
  const lastUsed =
    passkey.last_used_at_millis === null ? 'never used' : `last used ${new Date(passkey.last_used_at_millis).toISOString()}`;
  return `${passkey.id}  ${passkey.name}  added ${new Date(passkey.created_at_millis).toISOString()}  ${lastUsed}`;
}
