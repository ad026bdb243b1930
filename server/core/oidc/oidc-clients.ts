// The relying parties of a project's OpenID Provider: confidential clients (a secret, shown once
// and stored as a SHA-256 digest like an API key) and public ones (no secret, PKCE required).
// Redirect URIs are compared exactly, never by prefix or pattern (as the OAuth security best practice asks).
import { asc, eq } from 'drizzle-orm';
import { oidcClients } from '../storage/tables';
import type { Context } from '../storage/context';
import { plainTextError } from '../../protocol/plain-text-errors';
import { OidcError } from '../../protocol/oidc-errors';
import { isLocalhostName } from '../../protocol/localhost-names';
import { randomCrockfordString, secretMatchesDigest, sha256Hex } from '../credentials/random-tokens';
import { requireProject } from '../projects/projects';
import { writeTransaction } from '../storage/transactions';
import { isOidcScope, oidcScopes, type OidcScope } from './oidc-scopes';
import { oidcIssuer } from './oidc-issuer';
import { deleteRowOfProject, findRowOfProject, rowOfProject } from '../storage/rows-of-project';

export type OidcClientRow = typeof oidcClients.$inferSelect;

export interface OidcClientView {
  client_id: string;
  name: string;
  type: 'confidential' | 'public';
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  allowed_scopes: OidcScope[];
  first_party: boolean;
  created_at_millis: number;
  issuer: string;
}

export interface OidcClientCreation extends OidcClientView {
  /** Only here, only for a confidential client: authd keeps its digest. */
  client_secret?: string;
}

export interface OidcClientInput {
  name: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
  allowed_scopes?: string[];
  public?: boolean;
  first_party?: boolean;
}

export type OidcClientUpdate = Partial<Omit<OidcClientInput, 'public'>>;

function clientView(ctx: Context, row: OidcClientRow): OidcClientView {
  return {
    client_id: row.id,
    name: row.name,
    type: row.secretHash === null ? 'public' : 'confidential',
    redirect_uris: row.redirectUris as string[],
    post_logout_redirect_uris: row.postLogoutRedirectUris as string[],
    allowed_scopes: row.allowedScopes as OidcScope[],
    first_party: row.firstParty,
    created_at_millis: row.createdAt,
    issuer: oidcIssuer(ctx, row.projectId),
  };
}

/**
 * The redirect URIs a client may register, without repeats; refuses the first that may not be one:
 * absolute, no fragment (RFC 6749), https, or http on localhost only (native and dev apps).
 */
export function checkedRedirectUris(uris: readonly string[]): string[] {
  for (const uri of uris) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw plainTextError('OIDC_REDIRECT_URI_INVALID', uri);
    }
    const allowedScheme = url.protocol === 'https:' || (url.protocol === 'http:' && isLocalhostName(url.hostname));
    if (!allowedScheme || uri.includes('#')) throw plainTextError('OIDC_REDIRECT_URI_INVALID', uri);
  }
  return [...new Set(uris)];
}

function checkedScopes(scopes: readonly string[]): OidcScope[] {
  for (const scope of scopes) if (!isOidcScope(scope)) throw plainTextError('OIDC_SCOPE_UNKNOWN', scope);
  // openid always: without it this would not be an OpenID client.
  return oidcScopes.filter((s) => s === 'openid' || scopes.includes(s));
}

export async function createOidcClient(ctx: Context, projectId: string, input: OidcClientInput): Promise<OidcClientCreation> {
  await requireProject(ctx, projectId);
  const redirectUris = checkedRedirectUris(input.redirect_uris);
  if (redirectUris.length === 0) throw plainTextError('OIDC_REDIRECT_URI_MISSING');
  const secret = input.public ? undefined : `oidcs_${randomCrockfordString(45)}`;
  const row: OidcClientRow = {
    id: `oidc_${randomCrockfordString(24)}`,
    projectId,
    name: input.name,
    secretHash: secret === undefined ? null : sha256Hex(secret),
    redirectUris,
    postLogoutRedirectUris: checkedRedirectUris(input.post_logout_redirect_uris ?? []),
    allowedScopes: checkedScopes(input.allowed_scopes ?? oidcScopes),
    firstParty: input.first_party ?? false,
    createdAt: ctx.clock.now(),
  };
  await writeTransaction(ctx, async (tx) => await tx.insert(oidcClients).values(row));
  return { ...clientView(ctx, row), ...(secret === undefined ? {} : { client_secret: secret }) };
}

export async function listOidcClients(ctx: Context, projectId: string): Promise<OidcClientView[]> {
  await requireProject(ctx, projectId);
  const rows = await ctx.db.select().from(oidcClients).where(eq(oidcClients.projectId, projectId)).orderBy(asc(oidcClients.createdAt));
  return rows.map((row) => clientView(ctx, row));
}

/** The client `clientId` of the project; a client of another project is no client here. */
export async function findOidcClient(ctx: Context, projectId: string, clientId: string): Promise<OidcClientRow | undefined> {
  return await findRowOfProject(ctx.db, oidcClients, projectId, clientId);
}

export async function readOidcClient(ctx: Context, projectId: string, clientId: string): Promise<OidcClientView> {
  const row = await findOidcClient(ctx, projectId, clientId);
  if (!row) throw plainTextError('OIDC_CLIENT_NOT_FOUND');
  return clientView(ctx, row);
}

export async function updateOidcClient(ctx: Context, projectId: string, clientId: string, update: OidcClientUpdate): Promise<OidcClientView> {
  const changes: Partial<OidcClientRow> = {};
  if (update.name !== undefined) changes.name = update.name;
  if (update.redirect_uris !== undefined) {
    const redirectUris = checkedRedirectUris(update.redirect_uris);
    if (redirectUris.length === 0) throw plainTextError('OIDC_REDIRECT_URI_MISSING');
    changes.redirectUris = redirectUris;
  }
  if (update.post_logout_redirect_uris !== undefined) changes.postLogoutRedirectUris = checkedRedirectUris(update.post_logout_redirect_uris);
  if (update.allowed_scopes !== undefined) changes.allowedScopes = checkedScopes(update.allowed_scopes);
  if (update.first_party !== undefined) changes.firstParty = update.first_party;
  await writeTransaction(ctx, async (tx) => {
    const found = await tx
      .select({ id: oidcClients.id })
      .from(oidcClients)
      .where(rowOfProject(oidcClients, projectId, clientId));
    if (found.length === 0) throw plainTextError('OIDC_CLIENT_NOT_FOUND');
    if (Object.keys(changes).length > 0) await tx.update(oidcClients).set(changes).where(eq(oidcClients.id, clientId));
  });
  return await readOidcClient(ctx, projectId, clientId);
}

/** Deleting a client ends every grant and consent it had (foreign keys cascade). */
export async function deleteOidcClient(ctx: Context, projectId: string, clientId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    if (!(await deleteRowOfProject(tx, oidcClients, projectId, clientId))) throw plainTextError('OIDC_CLIENT_NOT_FOUND');
  });
}

export interface ClientCredentials {
  /** The `Authorization` header, for client_secret_basic. */
  authorization?: string | null;
  /** client_id and client_secret of the form, for client_secret_post and public clients. */
  clientId?: string;
  clientSecret?: string;
}

/**
 * Authenticates the client at the token and revocation endpoints (RFC 6749): Basic, or the
 * form's client_secret, or, for a public client, its client_id alone. Any failure is the same
 * `invalid_client`, whether the client is unknown, of another project, or the secret wrong.
 */
export async function authenticateOidcClient(ctx: Context, projectId: string, credentials: ClientCredentials): Promise<OidcClientRow> {
  let clientId = credentials.clientId;
  let secret = credentials.clientSecret;
  const header = credentials.authorization;
  if (header?.toLowerCase().startsWith('basic ')) {
    if (secret !== undefined) throw new OidcError('invalid_request', 'Use one client authentication method, not two');
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OidcError('invalid_client', 'Malformed Basic credentials');
    // RFC 6749: both halves are form-urlencoded before they are joined.
    try {
      const basicId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      if (clientId !== undefined && clientId !== basicId) throw new OidcError('invalid_request', 'client_id differs from the Basic credentials');
      clientId = basicId;
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    } catch (error) {
      if (error instanceof OidcError) throw error;
      throw new OidcError('invalid_client', 'Malformed Basic credentials');
    }
  }
  if (!clientId) throw new OidcError('invalid_client', 'No client authentication');
  const client = await findOidcClient(ctx, projectId, clientId);
  if (!client) throw new OidcError('invalid_client', 'Client authentication failed');
  if (client.secretHash === null) {
    if (secret !== undefined) throw new OidcError('invalid_client', 'A public client has no secret');
    return client;
  }
  if (secret === undefined || !secretMatchesDigest(secret, client.secretHash)) {
    throw new OidcError('invalid_client', 'Client authentication failed');
  }
  return client;
}
