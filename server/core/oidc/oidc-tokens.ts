// The token endpoint's grants (RFC 6749 4.1.3 and 6, RFC 7636 4.6), the tokens it issues and
// their revocation (RFC 7009). Access tokens are ES256 JWTs of the project's key naming their
// grant, so revoking the grant ends them at userinfo; their issuer is the OIDC issuer, never the
// API's, so the API refuses them. Refresh tokens are opaque, stored as digests and rotated on
// every use.
import { and, eq, isNull } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { oidcGrants } from '../storage/tables';
import type { Context } from '../storage/context';
import { OidcError } from '../../protocol/oidc-errors';
import { randomCrockfordString, secretsEqual, sha256Hex } from '../credentials/random-tokens';
import { writeTransaction } from '../storage/transactions';
import { firstRow } from '../storage/query-results';
import { findProjectVerificationKey, getProjectSigningKey } from '../auth/signing-keys';
import type { OidcClientRow } from './oidc-clients';
import { oidcIssuer } from './oidc-issuer';
import { scopeString, type OidcScope } from './oidc-scopes';
import { userClaims } from './oidc-claims';
import { userBanned } from '../users/user-ban-state';

type GrantRow = typeof oidcGrants.$inferSelect;

export const idTokenLifetimeSeconds = 3600;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  id_token: string;
  scope: string;
  refresh_token?: string;
}

const seconds = (millis: number) => Math.floor(millis / 1000);

async function findGrant(ctx: Context, projectId: string, column: 'codeHash' | 'refreshTokenHash', hash: string): Promise<GrantRow | undefined> {
  return firstRow(
    await ctx.db
      .select()
      .from(oidcGrants)
      .where(and(eq(oidcGrants.projectId, projectId), eq(oidcGrants[column], hash)))
      .limit(1),
  );
}

async function revokeGrant(ctx: Context, grantId: string): Promise<void> {
  const now = ctx.clock.now();
  await writeTransaction(ctx, async (tx) => await tx.update(oidcGrants).set({ revokedAt: now, refreshTokenHash: null }).where(eq(oidcGrants.id, grantId)));
}

async function issueTokens(ctx: Context, projectId: string, grant: GrantRow, withNonce: boolean, refreshToken: string | undefined): Promise<TokenResponse> {
  const scopes = grant.scopes.split(' ') as OidcScope[];
  const key = await getProjectSigningKey(ctx, projectId);
  const issuer = oidcIssuer(ctx, projectId);
  const now = ctx.clock.now();
  const accessLifetime = seconds(ctx.settings.accessTokenLifetimeMillis);
  let claims: Record<string, unknown>;
  try {
    claims = await userClaims(ctx, projectId, grant.userId, scopes);
  } catch {
    // The user is gone (deleted between the checks): nothing is issued.
    throw new OidcError('invalid_grant', 'The user of this grant no longer exists');
  }
  const accessToken = await new SignJWT({ scope: grant.scopes, client_id: grant.clientId, gid: grant.id })
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId, typ: 'at+jwt' })
    .setIssuer(issuer)
    .setSubject(grant.userId)
    .setAudience(issuer)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + accessLifetime)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
  const idToken = await new SignJWT({
    ...claims,
    auth_time: seconds(grant.authTime),
    amr: grant.amr,
    azp: grant.clientId,
    ...(withNonce && grant.nonce !== null ? { nonce: grant.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(grant.userId)
    .setAudience(grant.clientId)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + idTokenLifetimeSeconds)
    .sign(key.privateKey);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: accessLifetime,
    id_token: idToken,
    scope: scopeString(scopes),
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
  };
}

function pkceMatches(verifier: string, challenge: string): boolean {
  // RFC 7636 4.1: 43 to 128 unreserved characters.
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  return secretsEqual(createHash('sha256').update(verifier).digest('base64url'), challenge);
}

function newRefreshToken(grant: GrantRow): string | undefined {
  return grant.scopes.split(' ').includes('offline_access') ? `oidcr_${randomCrockfordString(45)}` : undefined;
}

export interface CodeExchange {
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
}

/** The authorization_code grant. A second use of a code revokes everything issued from it. */
export async function exchangeAuthorizationCode(ctx: Context, projectId: string, client: OidcClientRow, form: CodeExchange): Promise<TokenResponse> {
  if (!form.code) throw new OidcError('invalid_request', 'code is missing');
  const grant = await findGrant(ctx, projectId, 'codeHash', sha256Hex(form.code));
  if (!grant || grant.clientId !== client.id) throw new OidcError('invalid_grant', 'The code is not valid');
  const now = ctx.clock.now();
  const refreshToken = newRefreshToken(grant);
  const claimed = await writeTransaction(ctx, async (tx) => {
    // Claimed once: of two exchanges of the same code, the second finds it used.
    const rows = await tx
      .update(oidcGrants)
      .set({ codeUsedAt: now, refreshTokenHash: refreshToken === undefined ? null : sha256Hex(refreshToken) })
      .where(and(eq(oidcGrants.id, grant.id), isNull(oidcGrants.codeUsedAt), isNull(oidcGrants.revokedAt)))
      .returning({ id: oidcGrants.id });
    return rows.length > 0;
  });
  if (!claimed) {
    // RFC 6749 4.1.2: the code was used before, so whatever it gave may be in a thief's hands.
    await revokeGrant(ctx, grant.id);
    throw new OidcError('invalid_grant', 'The code was already used; the tokens issued from it are revoked');
  }
  const refuse = async (description: string): Promise<never> => {
    await revokeGrant(ctx, grant.id);
    throw new OidcError('invalid_grant', description);
  };
  if (grant.codeExpiresAt <= now) await refuse('The code has expired');
  if (form.redirect_uri !== grant.redirectUri) await refuse('redirect_uri differs from the authorization request');
  if (grant.codeChallenge !== null) {
    if (!form.code_verifier || !pkceMatches(form.code_verifier, grant.codeChallenge)) await refuse('The PKCE code_verifier does not match');
  } else if (form.code_verifier !== undefined) {
    await refuse('code_verifier without a code_challenge in the authorization request');
  }
  return await issueTokens(ctx, projectId, grant, true, refreshToken);
}

/** The refresh_token grant, with rotation: the token presented is used up. */
export async function refreshOidcTokens(ctx: Context, projectId: string, client: OidcClientRow, refreshToken: string | undefined): Promise<TokenResponse> {
  if (!refreshToken) throw new OidcError('invalid_request', 'refresh_token is missing');
  const hash = sha256Hex(refreshToken);
  const grant = await findGrant(ctx, projectId, 'refreshTokenHash', hash);
  const now = ctx.clock.now();
  if (!grant || grant.clientId !== client.id || grant.revokedAt !== null || grant.expiresAt <= now) {
    throw new OidcError('invalid_grant', 'The refresh token is not valid');
  }
  // The grant stays (the ban may be lifted), but hands out nothing while it holds.
  if (await userBanned(ctx, projectId, grant.userId)) throw new OidcError('invalid_grant', 'The user is banned');
  const next = `oidcr_${randomCrockfordString(45)}`;
  const rotated = await writeTransaction(ctx, async (tx) => {
    const rows = await tx
      .update(oidcGrants)
      .set({ refreshTokenHash: sha256Hex(next), expiresAt: now + (grant.expiresAt - grant.createdAt) })
      .where(and(eq(oidcGrants.id, grant.id), eq(oidcGrants.refreshTokenHash, hash), isNull(oidcGrants.revokedAt)))
      .returning({ id: oidcGrants.id });
    return rows.length > 0;
  });
  if (!rotated) throw new OidcError('invalid_grant', 'The refresh token is not valid');
  return await issueTokens(ctx, projectId, grant, false, next);
}

export interface VerifiedOidcAccessToken {
  grantId: string;
  userId: string;
  clientId: string;
  scopes: OidcScope[];
}

/** A bearer token of this project's provider whose grant is still live, else `invalid_token`. */
export async function verifyOidcAccessToken(ctx: Context, projectId: string, token: string | undefined): Promise<VerifiedOidcAccessToken> {
  const refuse = () => new OidcError('invalid_token', 'The access token is not valid');
  if (!token) throw refuse();
  let payload;
  try {
    const header = decodeProtectedHeader(token);
    const key = header.kid ? await findProjectVerificationKey(ctx, projectId, header.kid) : undefined;
    if (!key || header.typ !== 'at+jwt') throw refuse();
    const issuer = oidcIssuer(ctx, projectId);
    ({ payload } = await jwtVerify(token, key, { issuer, audience: issuer, algorithms: ['ES256'], currentDate: new Date(ctx.clock.now()) }));
  } catch {
    throw refuse();
  }
  const grant = firstRow(await ctx.db.select().from(oidcGrants).where(eq(oidcGrants.id, String(payload.gid))).limit(1));
  if (!grant || grant.revokedAt !== null || grant.projectId !== projectId) throw refuse();
  if (await userBanned(ctx, projectId, grant.userId)) throw refuse();
  return { grantId: grant.id, userId: grant.userId, clientId: grant.clientId, scopes: grant.scopes.split(' ') as OidcScope[] };
}

/**
 * RFC 7009: a refresh or access token of this client ends its grant. Unknown tokens, and tokens
 * of other clients, are answered the same (success) and left alone.
 */
export async function revokeOidcToken(ctx: Context, projectId: string, client: OidcClientRow, token: string | undefined): Promise<void> {
  if (!token) throw new OidcError('invalid_request', 'token is missing');
  const byRefresh = await findGrant(ctx, projectId, 'refreshTokenHash', sha256Hex(token));
  if (byRefresh) {
    if (byRefresh.clientId === client.id) await revokeGrant(ctx, byRefresh.id);
    return;
  }
  try {
    const access = await verifyOidcAccessToken(ctx, projectId, token);
    if (access.clientId !== client.id) return;
    await revokeGrant(ctx, access.grantId);
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
  }
}

/** The client an ID token was issued to, for RP-initiated logout's `id_token_hint` (expired ones count). */
export async function clientOfIdTokenHint(ctx: Context, projectId: string, idToken: string): Promise<{ clientId: string; userId: string } | null> {
  try {
    const header = decodeProtectedHeader(idToken);
    const key = header.kid ? await findProjectVerificationKey(ctx, projectId, header.kid) : undefined;
    if (!key) return null;
    const { payload } = await jwtVerify(idToken, key, {
      issuer: oidcIssuer(ctx, projectId),
      algorithms: ['ES256'],
      // Logout comes long after sign-in: the hint only has to be genuine.
      currentDate: new Date(0),
    });
    const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (typeof audience !== 'string' || typeof payload.sub !== 'string') return null;
    return { clientId: audience, userId: payload.sub };
  } catch {
    return null;
  }
}
