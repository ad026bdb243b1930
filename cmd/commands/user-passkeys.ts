// `authd users passkeys list|remove USER_ID`: a user's passkeys, and removing one (say, of a
// lost phone) so it can no longer sign in.
import { Command } from 'commander';
import { listPasskeys, removePasskey } from '../../server/core/auth/passkey-management';
import { parseUuids, printJson, printLine, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { confirmDestructive, yesOption } from '../terminal-prompts';

export function userPasskeysCommand(): Command {
  const passkeys = new Command('passkeys').description("a user's passkeys (only their public keys are stored)");
  passkeys.addCommand(
    projectCommand('list')
      .description("a user's passkeys, oldest first")
      .argument('<user-id>')
      .action((userId: string, options: ProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const items = await listPasskeys(ctx, projectId, parseUuids({ user_id: userId }).user_id);
          if (options.json) return printJson({ items });
          if (items.length === 0) return printLine('No passkeys.');
          for (const passkey of items) {
            const lastUsed =
              passkey.last_used_at_millis === null
                ? 'never used'
                : `last used ${new Date(passkey.last_used_at_millis).toISOString()}`;
            printLine(`${passkey.id}  ${passkey.name}  added ${new Date(passkey.created_at_millis).toISOString()}  ${lastUsed}`);
          }
        }),
      ),
  );
  passkeys.addCommand(
    projectCommand('remove')
      .description('remove one passkey of a user; it can no longer sign in')
      .argument('<user-id>')
      .argument('<passkey-id>')
      .option(...yesOption)
      .action((userId: string, passkeyId: string, options: ProjectOption & { yes?: boolean }) =>
        withProject(options, async (ctx, projectId) => {
          const ids = parseUuids({ user_id: userId, passkey_id: passkeyId });
          await confirmDestructive(options, `Remove passkey ${ids.passkey_id} of user ${ids.user_id}?`);
          await removePasskey(ctx, projectId, ids.user_id, ids.passkey_id);
          if (options.json) return printJson({ success: true });
          printLine(`Removed passkey ${ids.passkey_id}.`);
        }),
      ),
  );
  return passkeys;
}
