// Who is calling: the project, the access level and (later) the user, decided from request
// headers in exactly Stack's order of checks, so each malformed request gets the error Stack
// would give. No HTTP types here; the HTTP layer passes header values in.
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { ApiKeyKind } from '../../protocol/api-key-schemas';
import { verifyAccessToken } from './access-tokens';
import { requireProjectOwnerToken } from './admin-access-tokens';
import { isValidApiKey } from '../projects/api-keys';
import type { Context } from '../storage/context';
import { userExists } from '../storage/user-queries';

export const accessTypes = ['client', 'server', 'admin'] as const;
export type AccessType = (typeof accessTypes)[number];

export interface AuthHeaders {
  projectId?: string;
  accessType?: string;
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
  adminAccessToken?: string;
  accessToken?: string;
}

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
    };

const keyKindForAccessType: Record<AccessType, ApiKeyKind> = {
  client: 'publishable_client_key',
  server: 'secret_server_key',
  admin: 'super_secret_admin_key',
};

export async function authenticateRequest(ctx: Context, headers: AuthHeaders, requestLine = ''): Promise<RequestAuth> {
  // An empty header counts as absent (the admin SDK sends empty key headers).
  const h: AuthHeaders = {};
  for (const name in headers) {
    const value = headers[name as keyof AuthHeaders];
    if (value) h[name as keyof AuthHeaders] = value;
  }

  let userId: string | null = null;
  let sessionId: string | null = null;
  if (h.projectId !== undefined && h.accessToken !== undefined) {
    const token = await verifyAccessToken(ctx, h.projectId, h.accessToken);
    // A deleted user's still-unexpired token simply means "no user".
    if (await userExists(ctx, token.userId)) {
      userId = token.userId;
      sessionId = token.sessionId;
    }
  }
  const anyKey = h.publishableClientKey ?? h.secretServerKey ?? h.superSecretAdminKey ?? h.adminAccessToken;
  if (h.accessType === undefined) {
    if (anyKey !== undefined) throw knownError('PROJECT_KEY_WITHOUT_ACCESS_TYPE');
    return { kind: 'anonymous', projectId: h.projectId ?? null, userId: null, requestLine };
  }
  if (!(accessTypes as readonly string[]).includes(h.accessType)) {
    throw knownError('INVALID_ACCESS_TYPE', h.accessType);
  }
  const accessType = h.accessType as AccessType;
  if (h.projectId === undefined) throw knownError('ACCESS_TYPE_WITHOUT_PROJECT_ID', accessType);
  const projectId = h.projectId;

  if (h.adminAccessToken !== undefined) {
    // An owner's token replaces key checking; the request gets the access type it names.
    await requireProjectOwnerToken(ctx, h.adminAccessToken, projectId);
    return { kind: 'project', projectId, accessType, userId, sessionId, requestLine };
  }

  const presented = {
    client: h.publishableClientKey,
    server: h.secretServerKey,
    admin: h.superSecretAdminKey,
  }[accessType];
  if (presented === undefined) {
    throw knownError(
      (
        {
          client: 'CLIENT_AUTHENTICATION_REQUIRED',
          server: 'SERVER_AUTHENTICATION_REQUIRED',
          admin: 'ADMIN_AUTHENTICATION_REQUIRED',
        } as const
      )[accessType],
    );
  }
  if (!(await isValidApiKey(ctx, projectId, keyKindForAccessType[accessType], presented))) {
    const code = (
      {
        client: 'INVALID_PUBLISHABLE_CLIENT_KEY',
        server: 'INVALID_SECRET_SERVER_KEY',
        admin: 'INVALID_SUPER_SECRET_ADMIN_KEY',
      } as const
    )[accessType];
    throw knownError(code, projectId);
  }
  // Stack's step 8 (project missing) cannot happen here: key sets are deleted with their project,
  // so a valid key means the project exists, and checking again would cost a query per request.
  return { kind: 'project', projectId, accessType, userId, sessionId, requestLine };
}

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
