// `authd users list|get|create|update|delete|set-password|disable-mfa|import|export|sessions|passkeys|ban|unban|impersonate|email-clashes`, over the same core
// functions and schemas as the server API.
import { Command } from 'commander';
import { deleteUser, listUsers, updateUser } from '../../server/core/users/users';
import { createUser } from '../../server/core/accounts/new-accounts';
import { readUserServerView } from '../../server/core/users/user-views';
import { describeEmailKeyClashes, settleEmailKeyClashes } from '../../server/core/users/email-key-clashes';
import { userCreateSchema, userUpdateSchema, type UserServerView } from '../../server/protocol/user-schemas';
import {
  CliError,
  parseJsonFlag,
  parseOnOff,
  parseWithSchema,
  projectCommand,
  withCommonOptions,
  withContext,
  withProject,
  type CommonOptions,
  type ProjectOption,
} from '../cli-support';
import { printJson, printLine, printSuccess } from '../cli-output';
import {
  confirmDestructive,
  readSecretFromStdin,
  destructiveProjectCommand,
  type DestructiveProjectOption,
} from '../terminal-prompts';
import { userPasskeysCommand } from './user-passkeys';
import { userSessionsCommand } from './user-sessions';
import { userSupportActionCommands } from './user-support-actions';
import { userExportCommand, userImportCommand } from './user-transfers';
import { parseAuditTime } from './audit';

interface UserFieldOptions extends ProjectOption {
  email?: string;
  displayName?: string;
  verified?: boolean;
  passwordStdin?: boolean;
  serverMetadata?: string;
}

export function usersCommand(): Command {
  const usersCmd = new Command('users').description("manage a project's users");

  usersCmd.addCommand(
    projectCommand('list')
      .description('list users by sign-up time, a page at a time')
      .option('--query <text>', 'match display name or email (case-insensitive) or exact id')
      .option('--limit <n>', 'page size', '50')
      .option('--cursor <user-id>', 'start at this user (the next_cursor of the previous page)')
      .option(
        '--email-verified <on|off>',
        'only users whose primary email is (on) or is not (off) verified',
        parseOnOff('--email-verified'),
      )
      .option('--mfa <on|off>', 'only users with (on) or without (off) multi-factor sign-in', parseOnOff('--mfa'))
      .option('--signed-up-after <time>', 'signed up at or after: a date, an ISO time, or a span back from now (15m, 2h, 7d)')
      .option('--signed-up-before <time>', 'signed up before (same forms)')
      .action(
        (
          options: ProjectOption & {
            query?: string;
            limit: string;
            cursor?: string;
            emailVerified?: boolean;
            mfa?: boolean;
            signedUpAfter?: string;
            signedUpBefore?: string;
          },
        ) =>
          withProject(options, async (ctx) => {
            const limit = Number(options.limit);
            if (!Number.isInteger(limit) || limit < 1)
              throw new CliError(`--limit: "${options.limit}" is not a positive integer`);
            const now = ctx.clock.now();
            const page = await listUsers(ctx, options.project, {
              query: options.query,
              limit,
              cursor: options.cursor,
              primary_email_verified: options.emailVerified,
              requires_totp_mfa: options.mfa,
              signed_up_after:
                options.signedUpAfter === undefined
                  ? undefined
                  : Number(parseAuditTime('--signed-up-after', options.signedUpAfter, now)),
              signed_up_before:
                options.signedUpBefore === undefined
                  ? undefined
                  : Number(parseAuditTime('--signed-up-before', options.signedUpBefore, now)),
            });
            if (options.json) return printJson({ items: page.items, next_cursor: page.nextCursor });
            if (page.items.length === 0) printLine('No users.');
            for (const user of page.items) printLine(describeUser(user));
            if (page.nextCursor) printLine(`more: --cursor ${page.nextCursor}`);
          }),
      ),
  );

  usersCmd.addCommand(
    projectCommand('get')
      .description('show one user (the server view)')
      .argument('<user-id>')
      .action((userId: string, options: ProjectOption) =>
        withProject(options, async (ctx) => printUser(await readUserServerView(ctx, options.project, userId), options)),
      ),
  );

  const withUserFields = (command: Command) =>
    command
      .option('--email <email>', 'primary email, usable for sign-in')
      .option('--display-name <name>', 'display name')
      .option('--verified <on|off>', 'mark the primary email verified', parseOnOff('--verified'))
      .option('--password-stdin', 'read a password from standard input (never from a flag, which shell history keeps)')
      .option('--server-metadata <json>', 'server metadata as JSON');

  usersCmd.addCommand(
    withUserFields(projectCommand('create'))
      .description('create a user')
      .action((options: UserFieldOptions) =>
        withProject(options, async (ctx) => {
          const input = parseWithSchema(userCreateSchema, await userFields(options, true), userFlags);
          printUser(await createUser(ctx, options.project, input), options);
        }),
      ),
  );

  usersCmd.addCommand(
    withUserFields(projectCommand('update'))
      .description('change a user')
      .argument('<user-id>')
      .action((userId: string, options: UserFieldOptions) =>
        withProject(options, async (ctx) => {
          const input = parseWithSchema(userUpdateSchema, await userFields(options, false), userFlags);
          printUser(await updateUser(ctx, options.project, userId, input), options);
        }),
      ),
  );

  usersCmd.addCommand(
    projectCommand('set-password')
      .description("set a user's password from standard input; ends the user's sessions")
      .argument('<user-id>')
      .action((userId: string, options: ProjectOption) =>
        withProject(options, async (ctx) => {
          const password = await readSecretFromStdin();
          const view = await updateUser(ctx, options.project, userId, { password });
          if (options.json) return printJson(view);
          printLine(`Password set for ${view.primary_email ?? view.id}; its sessions were ended.`);
        }),
      ),
  );

  usersCmd.addCommand(
    projectCommand('disable-mfa')
      .description("turn a user's TOTP second factor off (for someone who lost their authenticator)")
      .argument('<user-id>')
      .action((userId: string, options: ProjectOption) =>
        withProject(options, async (ctx) => {
          const view = await updateUser(ctx, options.project, userId, { totp_secret_base64: null });
          if (options.json) return printJson(view);
          printLine(`Multi-factor sign-in turned off for ${view.primary_email ?? view.id}.`);
        }),
      ),
  );

  usersCmd.addCommand(
    destructiveProjectCommand('delete')
      .description('delete a user and end their sessions')
      .argument('<user-id>')
      .action((userId: string, options: DestructiveProjectOption) =>
        withProject(options, async (ctx) => {
          await confirmDestructive(options, `Delete user ${userId} and end their sessions?`);
          await deleteUser(ctx, options.project, userId);
          printSuccess(options, `Deleted user ${userId}.`);
        }),
      ),
  );
  usersCmd.addCommand(
    withCommonOptions(new Command('email-clashes'))
      .description('list sign-in addresses that belong to several accounts in different letter case (every project)')
      .action((options: CommonOptions) =>
        withContext(options, async (ctx) => {
          const clashes = await settleEmailKeyClashes(ctx);
          if (options.json) return printJson({ items: clashes });
          const report = describeEmailKeyClashes(clashes);
          printLine(report.length > 0 ? report.join('\n') : 'No sign-in address belongs to more than one account.');
        }),
      ),
  );
  usersCmd.addCommand(userImportCommand());
  usersCmd.addCommand(userExportCommand());
  usersCmd.addCommand(userSessionsCommand());
  usersCmd.addCommand(userPasskeysCommand());
  for (const command of userSupportActionCommands()) usersCmd.addCommand(command);
  return usersCmd;
}

/** The wire fields of users create/update and the flags that set them, for validation errors. */
const userFlags = {
  primary_email: '--email',
  display_name: '--display-name',
  primary_email_verified: '--verified',
  password: '--password-stdin',
  server_metadata: '--server-metadata',
};

async function userFields(options: UserFieldOptions, creating: boolean): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  if (options.email !== undefined) {
    fields.primary_email = options.email;
    // An email given to a new user is how they sign in.
    if (creating) fields.primary_email_auth_enabled = true;
  }
  if (options.displayName !== undefined) fields.display_name = options.displayName;
  if (options.verified !== undefined) fields.primary_email_verified = options.verified;
  if (options.passwordStdin) fields.password = await readSecretFromStdin();
  if (options.serverMetadata !== undefined) fields.server_metadata = parseJsonFlag('--server-metadata', options.serverMetadata);
  return fields;
}

function describeUser(user: UserServerView): string {
  const email = user.primary_email ? `${user.primary_email}${user.primary_email_verified ? '' : ' (unverified)'}` : '(no email)';
  return `${user.id}  ${email}  ${user.display_name ?? ''}  signed up ${new Date(user.signed_up_at_millis).toISOString()}`;
}

function printUser(user: UserServerView, options: CommonOptions): void {
  if (options.json) return printJson(user);
  printLine(describeUser(user));
  printLine(
    `  password: ${user.has_password ? 'set' : 'none'}; last active ${new Date(user.last_active_at_millis).toISOString()}`,
  );
}
