// `authd users passkeys list|remove USER_ID`: a user's passkeys, and removing one (say, of a
// lost phone) so it can no longer sign in.
import { Command } from 'commander';
import { listPasskeys, removePasskey } from '../../server/core/auth/passkey-management';
import type { PasskeyView } from '../../server/protocol/passkey-schemas';
import { parseUuids, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printList, printSuccess } from '../cli-output';
import { confirmDestructive, destructiveProjectCommand, type DestructiveProjectOption } from '../terminal-prompts';

export function userPasskeysCommand(): Command {
  const passkeys = new Command('passkeys').description("a user's passkeys (only their public keys are stored)");
  passkeys.addCommand(
    projectCommand('list')
      .description("a user's passkeys, oldest first")
      .argument('<user-id>')
      .action((userId: string, options: ProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const items = await listPasskeys(ctx, projectId, parseUuids({ user_id: userId }).user_id);
          printList(items, { json: options.json, empty: 'No passkeys.', line: describePasskey });
        }),
      ),
  );
  passkeys.addCommand(
    destructiveProjectCommand('remove')
      .description('remove one passkey of a user; it can no longer sign in')
      .argument('<user-id>')
      .argument('<passkey-id>')
      .action((userId: string, passkeyId: string, options: DestructiveProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const ids = parseUuids({ user_id: userId, passkey_id: passkeyId });
          await confirmDestructive(options, `Remove passkey ${ids.passkey_id} of user ${ids.user_id}?`);
          await removePasskey(ctx, projectId, ids.user_id, ids.passkey_id);
          printSuccess(options, `Removed passkey ${ids.passkey_id}.`);
        }),
      ),
  );
  return passkeys;
}

function describePasskey(passkey: PasskeyView): string {
  const lastUsed =
    passkey.last_used_at_millis === null ? 'never used' : `last used ${new Date(passkey.last_used_at_millis).toISOString()}`;
  return `${passkey.id}  ${passkey.name}  added ${new Date(passkey.created_at_millis).toISOString()}  ${lastUsed}`;
}
