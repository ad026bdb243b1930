// `authd users ban|unban|impersonate USER_ID`: the support actions, over the same core functions
// as the API's POST /users/{id}/ban, /unban and /impersonation-link (or /impersonate with --tokens).
import { Command } from 'commander';
import { banUser, unbanUser } from '../../server/core/auth/user-bans';
import { createImpersonationLink, impersonateUser, impersonationLifetimeMillis } from '../../server/core/auth/impersonation';
import { banRequestSchema } from '../../server/protocol/user-schemas';
import { CliError, parseUuids, parseWithSchema, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printJson, printLine } from '../cli-output';

function parseUntil(text: string): number {
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) throw new CliError(`--until must be an ISO date or time (2026-12-31, 2026-12-31T18:00Z), not "${text}"`);
  return parsed;
}

export function userSupportActionCommands(): Command[] {
  const ban = projectCommand('ban')
    .description('ban a user: sign-in, refresh and codes are refused until --until (or until unbanned), and every session ends now')
    .argument('<user-id>')
    .option('--until <time>', 'when the ban ends by itself (ISO date or time); without it, until `authd users unban`')
    .option('--reason <text>', 'why, for the project\u2019s admins (never shown to the user)')
    .action((userId: string, options: ProjectOption & { until?: string; reason?: string }) =>
      withProject(options, async (ctx, projectId) => {
        const id = parseUuids({ user_id: userId }).user_id;
        const request = parseWithSchema(banRequestSchema, {
          ...(options.until === undefined ? {} : { banned_until_millis: parseUntil(options.until) }),
          ...(options.reason === undefined ? {} : { ban_reason: options.reason }),
        });
        const view = await banUser(ctx, projectId, id, request);
        if (options.json) return printJson(view);
        const until = view.banned_until_millis === null ? 'until unbanned' : `until ${new Date(view.banned_until_millis).toISOString()}`;
        printLine(`Banned user ${id} ${until}; their sessions are ended.`);
      }),
    );
  const unban = projectCommand('unban')
    .description('lift the ban of a user')
    .argument('<user-id>')
    .action((userId: string, options: ProjectOption) =>
      withProject(options, async (ctx, projectId) => {
        const id = parseUuids({ user_id: userId }).user_id;
        const view = await unbanUser(ctx, projectId, id);
        if (options.json) return printJson(view);
        printLine(`User ${id} is not banned.`);
      }),
    );
  const impersonate = projectCommand('impersonate')
    .description(
      `sign in as a user for ${impersonationLifetimeMillis / 60_000} minutes: prints a single-use link to the hosted screens (valid 2 minutes), or with --tokens the session's tokens`,
    )
    .argument('<user-id>')
    .option('--tokens', 'print the access and refresh tokens instead of a link')
    .action((userId: string, options: ProjectOption & { tokens?: boolean }) =>
      withProject(options, async (ctx, projectId) => {
        const id = parseUuids({ user_id: userId }).user_id;
        if (options.tokens) {
          const tokens = await impersonateUser(ctx, projectId, id, { kind: 'cli' });
          if (options.json) return printJson(tokens);
          printLine(`access token:  ${tokens.access_token}`);
          printLine(`refresh token: ${tokens.refresh_token}`);
          printLine(`ends at ${new Date(tokens.expires_at_millis).toISOString()}`);
          return;
        }
        const link = await createImpersonationLink(ctx, projectId, id, { kind: 'cli' });
        if (options.json) return printJson(link);
        printLine(link.url);
        printLine(`Open it before ${new Date(link.expires_at_millis).toISOString()}; it works once.`);
      }),
    );
  return [ban, unban, impersonate];
}
