// Who is calling: the project, the access level and (later) the user, decided from request
// headers in exactly Stack's order of checks, so each malformed request gets the error Stack
// would give. No HTTP types here; the HTTP layer passes header values in.
import { knownError } from '../../protocol/known-errors';
import type { ApiKeyKind } from '../../protocol/api-key-schemas';
import { verifyAccessToken } from './access-tokens';
import { requireProjectOwnerToken } from './admin-access-tokens';
import { isValidApiKey } from '../projects/api-keys';
import type { Context } from '../storage/context';
import { accessTypes, type AccessType, type RequestAuth } from '../credentials/callers';
import { userExists } from '../storage/user-queries';

export interface AuthHeaders {
  projectId?: string;
  accessType?: string;
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
  adminAccessToken?: string;
  accessToken?: string;
}

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
  let actorSubject: string | null = null;
  if (h.projectId !== undefined && h.accessToken !== undefined) {
    const token = await verifyAccessToken(ctx, h.projectId, h.accessToken);
    // A deleted user's still-unexpired token simply means "no user".
    if (await userExists(ctx, token.userId)) {
      userId = token.userId;
      sessionId = token.sessionId;
      actorSubject = token.actorSubject;
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
    const adminUserId = await requireProjectOwnerToken(ctx, h.adminAccessToken, projectId);
    return { kind: 'project', projectId, accessType, userId, sessionId, actorSubject, adminUserId, requestLine };
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
  return { kind: 'project', projectId, accessType, userId, sessionId, actorSubject, requestLine };
}
