// `authd users sessions list|revoke|sign-out USER_ID`: a user's sessions, ending one, or all.
import { Command } from 'commander';
import { endUserSession, listUserSessions, signOutEverywhere, type UserSessionView } from '../../server/core/auth/user-sessions';
import { idDestructiveCommand, idListCommand } from '../id-argument-commands';

export function userSessionsCommand(): Command {
  const sessions = new Command('sessions').description("a user's sessions (refresh tokens)");
  sessions.addCommand(
    idListCommand({
      description: "a user's sessions, newest first (the tokens themselves are never stored)",
      ids: ['user_id'],
      list: (ctx, projectId, ids) => listUserSessions(ctx, projectId, ids.user_id),
      empty: 'No sessions.',
      line: describeSession,
    }),
  );
  sessions.addCommand(
    idDestructiveCommand({
      name: 'revoke',
      description: 'end one session of a user (a lost device); the others go on',
      ids: ['user_id', 'session_id'],
      question: (ids) => `End session ${ids.session_id} of user ${ids.user_id}?`,
      change: (ctx, projectId, ids) => endUserSession(ctx, projectId, ids.user_id, ids.session_id),
      done: (ids) => `Ended session ${ids.session_id}.`,
    }),
  );
  sessions.addCommand(
    idDestructiveCommand({
      name: 'sign-out',
      description: 'end every session of a user (sign out everywhere); access tokens run out within 10 minutes',
      ids: ['user_id'],
      question: (ids) => `End every session of user ${ids.user_id}?`,
      change: (ctx, projectId, ids) => signOutEverywhere(ctx, projectId, ids.user_id),
      done: (ids, ended) => `Signed user ${ids.user_id} out everywhere (${ended} session${ended === 1 ? '' : 's'} ended).`,
      details: (ended) => ({ ended_sessions: ended }),
    }),
  );
  return sessions;
}

function describeSession(session: UserSessionView): string {
  const lastUse = session.last_used_at_millis
    ? `last used ${new Date(session.last_used_at_millis).toISOString()} from ${session.last_used_ip ?? 'an unknown address'}${session.last_used_user_agent ? ` (${session.last_used_user_agent})` : ''}`
    : 'not used since sign-in';
  return `${session.id}  started ${new Date(session.created_at_millis).toISOString()}  ${lastUse}`;
}
