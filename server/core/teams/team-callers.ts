// Who asks a team rule: the server, or a client acting as its signed-in user (team-permissions.ts
// decides what such a client may touch).
import type { RequestAuth } from '../credentials/callers';
import { knownError } from '../../protocol/known-errors';

/** Who is asking: the server, or a client on behalf of its signed-in user (null: none). */
export type TeamCaller = { kind: 'server' } | { kind: 'client'; userId: string | null };
export const serverCaller: TeamCaller = { kind: 'server' };

export function teamCallerOf(auth: Extract<RequestAuth, { kind: 'project' }>): TeamCaller {
  return auth.accessType === 'client' ? { kind: 'client', userId: auth.userId } : serverCaller;
}

/** A client's signed-in user, which team calls need. */
export function requireClientUser(caller: Extract<TeamCaller, { kind: 'client' }>): string {
  if (caller.userId === null) throw knownError('USER_AUTHENTICATION_REQUIRED');
  return caller.userId;
}
