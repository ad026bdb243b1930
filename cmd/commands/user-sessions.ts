// `authd users sessions list|revoke|sign-out USER_ID`: a user's sessions, ending one, or all.
import { Command } from 'commander';
import { endUserSession, listUserSessions, signOutEverywhere, type UserSessionView } from '../../server/core/auth/user-sessions';
import { parseUuids, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printList, printSuccess } from '../cli-output';
import { confirmDestructive, destructiveProjectCommand, type DestructiveProjectOption } from '../terminal-prompts';

export function userSessionsCommand(): Command {
  const sessions = new Command('sessions').description("a user's sessions (refresh tokens)");
  sessions.addCommand(
    projectCommand('list')
      .description("a user's sessions, newest first (the tokens themselves are never stored)")
      .argument('<user-id>')
      .action((userId: string, options: ProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const items = await listUserSessions(ctx, projectId, parseUuids({ user_id: userId }).user_id);
          printList(items, { json: options.json, empty: 'No sessions.', line: describeSession });
        }),
      ),
  );
  sessions.addCommand(
    destructiveProjectCommand('revoke')
      .description('end one session of a user (a lost device); the others go on')
      .argument('<user-id>')
      .argument('<session-id>')
      .action((userId: string, sessionId: string, options: DestructiveProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const ids = parseUuids({ user_id: userId, session_id: sessionId });
          await confirmDestructive(options, `End session ${ids.session_id} of user ${ids.user_id}?`);
          await endUserSession(ctx, projectId, ids.user_id, ids.session_id);
          printSuccess(options, `Ended session ${ids.session_id}.`);
        }),
      ),
  );
  sessions.addCommand(
    destructiveProjectCommand('sign-out')
      .description('end every session of a user (sign out everywhere); access tokens run out within 10 minutes')
      .argument('<user-id>')
      .action((userId: string, options: DestructiveProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const id = parseUuids({ user_id: userId }).user_id;
          await confirmDestructive(options, `End every session of user ${id}?`);
          const ended = await signOutEverywhere(ctx, projectId, id);
          printSuccess(options, `Signed user ${id} out everywhere (${ended} session${ended === 1 ? '' : 's'} ended).`, {
            ended_sessions: ended,
          });
        }),
      ),
  );
  return sessions;
}

function describeSession(session: UserSessionView): string {
  const lastUse = session.last_used_at_millis
    ? `last used ${new Date(session.last_used_at_millis).toISOString()} from ${session.last_used_ip ?? 'an unknown address'}${session.last_used_user_agent ? ` (${session.last_used_user_agent})` : ''}`
    : 'not used since sign-in';
  return `${session.id}  started ${new Date(session.created_at_millis).toISOString()}  ${lastUse}`;
}
