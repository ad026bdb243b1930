// Who a caller is once the request's headers are checked (a project at an access level, perhaps
// a signed-in user), and the checks every rule makes on it: the access level an operation needs,
// `me`, and what a client may name. Pure functions over the caller, so every floor can use them.
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';

export const accessTypes = ['client', 'server', 'admin'] as const;
export type AccessType = (typeof accessTypes)[number];

export type RequestAuth =
  | { kind: 'anonymous'; projectId: string | null; userId: null; requestLine: string }
  | {
      kind: 'project';
      /** "METHOD /path", for errors that name the endpoint. */
      requestLine: string;
      projectId: string;
      accessType: AccessType;
      /** The user of a valid X-Stack-Access-Token whose account still exists, else null. */
      userId: string | null;
      /** That token's session (its `sid`), for calls that need a recent sign-in; else null. */
      sessionId: string | null;
      /** That token's `act` subject when it belongs to an impersonation session. */
      actorSubject?: string | null;
      /** The internal-project user whose admin access token authorised the request, if one did. */
      adminUserId?: string;
    };

const accessRank: Record<AccessType, number> = { client: 0, server: 1, admin: 2 };

/**
 * The endpoint-level check: admin may do what server may, and server what client may.
 * Returns the narrowed auth so handlers can use its project id.
 */
export function requireAccess(auth: RequestAuth, minimum: AccessType): Extract<RequestAuth, { kind: 'project' }> {
  if (auth.kind === 'anonymous') throw knownError('ACCESS_TYPE_REQUIRED');
  if (accessRank[auth.accessType] < accessRank[minimum]) {
    throw knownError(
      'INSUFFICIENT_ACCESS_TYPE',
      auth.accessType,
      accessTypes.filter((t) => accessRank[t] >= accessRank[minimum]),
    );
  }
  return auth;
}

/** For endpoints that act on the signed-in user; which error a missing user gets varies. */
export function requireUser(
  auth: Extract<RequestAuth, { kind: 'project' }>,
  missing: 'USER_AUTHENTICATION_REQUIRED' | 'CANNOT_GET_OWN_USER_WITHOUT_USER' | 'SCHEMA_ERROR',
): string {
  if (auth.userId !== null) return auth.userId;
  if (missing === 'SCHEMA_ERROR') {
    throw knownError(
      'SCHEMA_ERROR',
      `Request validation failed on ${auth.requestLine}:\n  - auth.user must be defined (send the X-Stack-Access-Token of a signed-in user)`,
    );
  }
  throw knownError(missing);
}

/** A user id from a path or query with `me` replaced by the signed-in user. */
export function resolveMe(auth: Extract<RequestAuth, { kind: 'project' }>, requested: string): string {
  return requested === 'me' ? requireUser(auth, 'CANNOT_GET_OWN_USER_WITHOUT_USER') : requested;
}

/**
 * A user id from a path or query: `me` is the signed-in user, and a client may name
 * no one else. Stack answers the latter with a plain-text status, 403 on most endpoints.
 */
export function resolveUserIdForCaller(
  auth: Extract<RequestAuth, { kind: 'project' }>,
  requested: string,
  refusal:
    | 'CLIENT_ACTS_ONLY_ON_SIGNED_IN_USER'
    | 'CLIENT_ACTS_ONLY_ON_SIGNED_IN_USER_BAD_REQUEST' = 'CLIENT_ACTS_ONLY_ON_SIGNED_IN_USER',
): string {
  if (requested === 'me') return resolveMe(auth, requested);
  if (auth.accessType === 'client' && requested !== auth.userId) {
    throw plainTextError(refusal);
  }
  return requested;
}

/**
 * As resolveUserIdForCaller, but a client with no signed-in user is refused with
 * CANNOT_GET_OWN_USER_WITHOUT_USER whatever id it names, as Stack's contact-channel endpoints
 * answer (they read the caller's own user before comparing ids).
 */
export function resolveChannelOwnerForCaller(
  auth: Extract<RequestAuth, { kind: 'project' }>,
  requested: string,
  refusal?: 'CLIENT_ACTS_ONLY_ON_SIGNED_IN_USER' | 'CLIENT_ACTS_ONLY_ON_SIGNED_IN_USER_BAD_REQUEST',
): string {
  if (auth.accessType === 'client') requireUser(auth, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
  return resolveUserIdForCaller(auth, requested, refusal);
}

/**
 * The user a list of teams or permissions is narrowed to: optional for the server; a client
 * lists only its own, so it must name itself (403 text otherwise, as Stack answers).
 */
export function resolveListedUserForCaller(
  auth: Extract<RequestAuth, { kind: 'project' }>,
  requested: string | undefined,
): string | undefined {
  if (requested !== undefined) return resolveUserIdForCaller(auth, requested);
  if (auth.accessType === 'client') throw plainTextError('CLIENT_MUST_LIST_OWN_USER');
  return undefined;
}

/**
 * An impersonation session acts as the user but never changes how they sign in: passwords,
 * multi-factor authentication and passkeys are refused inside it.
 */
export function refuseInsideImpersonation(auth: RequestAuth): void {
  if (auth.kind === 'project' && auth.actorSubject) throw knownError('IMPERSONATION_FORBIDS_THIS');
}
