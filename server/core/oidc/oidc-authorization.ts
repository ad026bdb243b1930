// The authorization endpoint's rules (Connect Core 3.1.2, RFC 6749 4.1, RFC 7636): code flow
// only, an exact redirect URI, PKCE S256 (required of public clients), then the user's authd
// session, their consent, and the code. Until client and redirect URI are known good nothing
// goes back to the redirect URI (an error page instead); after that refusals travel there.
import { userBanned } from '../users/user-ban-state';
import { and, eq } from 'drizzle-orm';
import { oidcConsents, oidcGrants } from '../storage/tables';
import type { Context } from '../storage/context';
import { OidcError, UntrustedAuthorizationRequest } from '../../protocol/oidc-errors';
import { randomCrockfordString, sha256Hex } from '../credentials/random-tokens';
import { writeTransaction } from '../storage/transactions';
import { firstRow } from '../storage/query-results';
import { findOidcClient, type OidcClientRow } from './oidc-clients';
import { oidcIssuer } from './oidc-issuer';
import { parseScopes, scopeString, type OidcScope } from './oidc-scopes';
import type { BrowserSession } from './oidc-browser-session';
import { authenticationMethods } from './oidc-claims';

/** A code is exchanged at once by the relying party's back end; a minute is plenty (RFC 6749 says at most ten). */
export const authorizationCodeLifetimeMillis = 60_000;
/** How long the grant (and so its refresh token) lasts without a refresh. */
export const grantLifetimeMillis = 30 * 24 * 60 * 60 * 1000;

export interface AuthorizationRequest {
  client: OidcClientRow;
  redirectUri: string;
  scopes: OidcScope[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  prompt: string[];
  maxAgeSeconds?: number;
}

/** A refusal sent back to the relying party's redirect URI (Connect Core 3.1.2.6). */
export class AuthorizationErrorRedirect extends Error {
  constructor(
    readonly location: string,
    readonly error: OidcError,
  ) {
    super(error.message);
  }
}

export type AuthorizationParameters = Record<string, string | undefined>;

function redirectWith(redirectUri: string, values: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

function errorRedirect(ctx: Context, projectId: string, redirectUri: string, state: string | undefined, error: OidcError): AuthorizationErrorRedirect {
  // `iss` too (RFC 9207), so a relying party that talks to several providers knows which one answered.
  const location = redirectWith(redirectUri, { error: error.code, error_description: error.description, state, iss: oidcIssuer(ctx, projectId) });
  return new AuthorizationErrorRedirect(location, error);
}

/** Checks the request: throws UntrustedAuthorizationRequest (error page) or AuthorizationErrorRedirect. */
export async function parseAuthorizationRequest(ctx: Context, projectId: string, params: AuthorizationParameters): Promise<AuthorizationRequest> {
  if (!params.client_id) throw new UntrustedAuthorizationRequest('The request names no client (client_id).');
  // A client of another project is no client here.
  const client = await findOidcClient(ctx, projectId, params.client_id);
  if (!client) throw new UntrustedAuthorizationRequest('This application is not registered with this sign-in service.');
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !(client.redirectUris as string[]).includes(redirectUri)) {
    throw new UntrustedAuthorizationRequest('The redirect URI is not one registered for this application.');
  }
  const state = params.state;
  const refuse = (code: OidcError['code'], description: string) => errorRedirect(ctx, projectId, redirectUri, state, new OidcError(code, description));
  if (params.request !== undefined || params.request_uri !== undefined) throw refuse('invalid_request', 'Request objects are not supported');
  if (params.response_type !== 'code') throw refuse('unsupported_response_type', 'Only the authorization code flow (response_type=code) is supported');
  if (params.response_mode !== undefined && params.response_mode !== 'query') throw refuse('invalid_request', 'Only response_mode=query is supported');
  const asked = parseScopes(params.scope ?? '');
  if (!asked || !asked.includes('openid')) throw refuse('invalid_scope', 'The scope must include openid and only known scopes');
  const allowed = client.allowedScopes as OidcScope[];
  // Scopes the client may not have are left out rather than refused (RFC 6749 3.3).
  const scopes = asked.filter((s) => allowed.includes(s));
  const method = params.code_challenge_method;
  if (params.code_challenge !== undefined) {
    if ((method ?? 'plain') !== 'S256') throw refuse('invalid_request', 'code_challenge_method must be S256');
    if (!/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) throw refuse('invalid_request', 'code_challenge must be a base64url SHA-256 digest');
  } else if (method !== undefined) {
    throw refuse('invalid_request', 'code_challenge_method without code_challenge');
  } else if (client.secretHash === null) {
    throw refuse('invalid_request', 'A public client must use PKCE (code_challenge with S256)');
  }
  const prompt = (params.prompt ?? '').split(' ').filter((p) => p !== '');
  if (!prompt.every((p) => p === 'none' || p === 'login' || p === 'consent')) throw refuse('invalid_request', 'prompt takes none, login or consent');
  if (prompt.includes('none') && prompt.length > 1) throw refuse('invalid_request', 'prompt=none cannot be combined with other values');
  let maxAgeSeconds: number | undefined;
  if (params.max_age !== undefined) {
    if (!/^\d{1,10}$/.test(params.max_age)) throw refuse('invalid_request', 'max_age must be a whole number of seconds');
    maxAgeSeconds = Number(params.max_age);
  }
  return { client, redirectUri, scopes, state, nonce: params.nonce, codeChallenge: params.code_challenge, prompt, maxAgeSeconds };
}

export type AuthorizationStep =
  /** Sign in first (again, when `reauthenticate`): the hosted sign-in, then back here. */
  | { kind: 'sign-in'; reauthenticate: boolean }
  | { kind: 'consent' }
  | { kind: 'redirect'; location: string };

async function hasConsent(ctx: Context, userId: string, client: OidcClientRow, scopes: readonly OidcScope[]): Promise<boolean> {
  const row = firstRow(
    await ctx.db
      .select()
      .from(oidcConsents)
      .where(and(eq(oidcConsents.userId, userId), eq(oidcConsents.clientId, client.id)))
      .limit(1),
  );
  if (!row) return false;
  const given = row.scopes.split(' ');
  return scopes.every((s) => given.includes(s));
}

/**
 * What comes next for a checked request and the browser's session: sign-in, consent, or the
 * redirect with a code. `consented` is true when the user has just approved on the consent screen.
 */
export async function continueAuthorization(
  ctx: Context,
  projectId: string,
  request: AuthorizationRequest,
  session: BrowserSession | null,
  consented: boolean,
): Promise<AuthorizationStep> {
  const silent = request.prompt.includes('none');
  const refuse = (code: OidcError['code'], description: string) => {
    throw errorRedirect(ctx, projectId, request.redirectUri, request.state, new OidcError(code, description));
  };
  if (!session) {
    if (silent) refuse('login_required', 'The user is not signed in');
    return { kind: 'sign-in', reauthenticate: false };
  }
  // A ban ends the user's sessions; one made since (or in a race with it) is refused all the same.
  if (await userBanned(ctx, projectId, session.userId)) refuse('access_denied', 'The user is banned');
  const tooOld = request.maxAgeSeconds !== undefined && ctx.clock.now() - session.authTime > request.maxAgeSeconds * 1000;
  if (tooOld || request.prompt.includes('login')) {
    if (silent) refuse('login_required', 'The user must sign in again');
    return { kind: 'sign-in', reauthenticate: true };
  }
  if (!request.client.firstParty && !consented) {
    const remembered = !request.prompt.includes('consent') && (await hasConsent(ctx, session.userId, request.client, request.scopes));
    if (!remembered) {
      if (silent) refuse('consent_required', 'The user has not approved this application');
      return { kind: 'consent' };
    }
  }
  const code = randomCrockfordString(45);
  const now = ctx.clock.now();
  const amr = await authenticationMethods(ctx, projectId, session.userId);
  await writeTransaction(ctx, async (tx) => {
    await tx.insert(oidcGrants).values({
      id: crypto.randomUUID(),
      projectId,
      clientId: request.client.id,
      userId: session.userId,
      codeHash: sha256Hex(code),
      codeExpiresAt: now + authorizationCodeLifetimeMillis,
      redirectUri: request.redirectUri,
      scopes: scopeString(request.scopes),
      nonce: request.nonce ?? null,
      codeChallenge: request.codeChallenge ?? null,
      authTime: session.authTime,
      amr,
      refreshTokenHash: null,
      createdAt: now,
      expiresAt: now + grantLifetimeMillis,
    });
    if (consented) {
      const scopes = scopeString(request.scopes);
      await tx
        .insert(oidcConsents)
        .values({ userId: session.userId, clientId: request.client.id, projectId, scopes, createdAt: now })
        .onConflictDoUpdate({ target: [oidcConsents.userId, oidcConsents.clientId], set: { scopes, createdAt: now } });
    }
  });
  return { kind: 'redirect', location: redirectWith(request.redirectUri, { code, state: request.state, iss: oidcIssuer(ctx, projectId) }) };
}

/** The user said no on the consent screen. */
export function deniedAuthorization(ctx: Context, projectId: string, request: AuthorizationRequest): string {
  return errorRedirect(ctx, projectId, request.redirectUri, request.state, new OidcError('access_denied', 'The user declined')).location;
}
