// Access tokens: short-lived ES256 JWTs with the claims Stack's SDK reads. Verification checks the
// signature with the key of the project named in `aud`, then the issuer and expiry, and only
// then compares `aud` with the project of the request, so a foreign token gets its own error.
// A token names its session in `sid`; a token of a session revoked since is refused.
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { perDatabase, rememberBounded } from '../storage/database-memory';
import { projectExists } from '../projects/projects';
import { findProjectVerificationKey, getProjectSigningKey } from './signing-keys';
import { recordUserActivity } from '../users/user-activity';
import { isSessionRevoked } from '../credentials/session-revocations';

/** The issuer Stack Auth uses; kept so apps that check it keep working after a move. */
export const accessTokenIssuer = 'https://access-token.jwt-signature.stack-auth.com';

export interface VerifiedAccessToken {
  projectId: string;
  userId: string;
  expiresAtSeconds: number;
  /** The session (sign-in) the token was issued for; null on tokens issued before authd named it. */
  sessionId: string | null;
  /** An impersonation session's actor (the `act` claim's `sub`), else null. */
  actorSubject: string | null;
}

/** RFC 8693's `act` claim: who acts as the token's subject in an impersonation session. */
export interface ActorClaim {
  sub: string;
}

export async function issueAccessToken(
  ctx: Context,
  projectId: string,
  userId: string,
  sessionId: string,
  actor: ActorClaim | null = null,
): Promise<string> {
  const nowMillis = ctx.clock.now();
  const token = await signAccessToken(ctx, projectId, userId, nowMillis, sessionId, actor);
  // Issuing a token is the "user activity" that last_active_at reports.
  await recordUserActivity(ctx, userId, nowMillis);
  return token;
}

/**
 * The token alone, for callers that record the activity themselves: a new session writes it in
 * the session's own transaction, one commit instead of two.
 */
export async function signAccessToken(
  ctx: Context,
  projectId: string,
  userId: string,
  nowMillis: number,
  sessionId: string,
  actor: ActorClaim | null = null,
): Promise<string> {
  const key = await getProjectSigningKey(ctx, projectId);
  const issuedAt = Math.floor(nowMillis / 1000);
  // `sid` is an addition to Stack's claims (the SDK reads only `exp`): revocation checks it.
  // `act` appears only in an impersonation session's tokens.
  const token = await new SignJWT({ branchId: 'main', sid: sessionId, ...(actor ? { act: { sub: actor.sub } } : {}) })
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
    .setIssuer(accessTokenIssuer)
    .setSubject(userId)
    .setAudience(projectId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + Math.floor(ctx.settings.accessTokenLifetimeMillis / 1000))
    .sign(key.privateKey);
  return token;
}

// Verifying ES256 dominates the cost of an authenticated request, so tokens already verified
// are remembered until they expire. Bounded, and per database like the signing keys.
const maxCachedTokens = 10_000;
const verifiedTokensOf = perDatabase(() => new Map<string, VerifiedAccessToken>());

/** Verifies a user access token sent with a request for `requestProjectId`. */
export async function verifyAccessToken(ctx: Context, requestProjectId: string, token: string): Promise<VerifiedAccessToken> {
  const verified = await verifyAccessTokenSignatureAndExpiry(ctx, token, 'ACCESS_TOKEN_EXPIRED', 'UNPARSABLE_ACCESS_TOKEN');
  if (verified.projectId !== requestProjectId) throw knownError('INVALID_PROJECT_FOR_ACCESS_TOKEN');
  return verified;
}

/**
 * Signature, issuer and expiry, without the project comparison; shared with admin access
 * tokens, which carry the internal project's tokens and have their own error codes.
 */
export async function verifyAccessTokenSignatureAndExpiry(
  ctx: Context,
  token: string,
  expiredCode: 'ACCESS_TOKEN_EXPIRED' | 'ADMIN_ACCESS_TOKEN_EXPIRED',
  unparsableCode: 'UNPARSABLE_ACCESS_TOKEN' | 'UNPARSABLE_ADMIN_ACCESS_TOKEN',
): Promise<VerifiedAccessToken> {
  const nowSeconds = ctx.clock.now() / 1000;
  const cache = verifiedTokensOf(ctx);
  const cached = cache.get(token);
  if (cached) {
    if (cached.expiresAtSeconds > nowSeconds) return await refuseRevoked(ctx, cached, expiredCode);
    cache.delete(token);
    throw knownError(expiredCode, new Date(cached.expiresAtSeconds * 1000));
  }

  let audience: string;
  let keyId: string;
  try {
    const claims = decodeJwt(token);
    const header = decodeProtectedHeader(token);
    if (typeof claims.aud !== 'string' || typeof header.kid !== 'string') throw new Error('no audience or key id');
    audience = claims.aud;
    keyId = header.kid;
  } catch {
    throw knownError(unparsableCode);
  }
  if (!(await projectExists(ctx, audience))) throw knownError(unparsableCode);
  // A key retired long enough ago to be dropped signed nothing that is still valid.
  const key = await findProjectVerificationKey(ctx, audience, keyId);
  if (!key) throw knownError(unparsableCode);
  let verified: VerifiedAccessToken;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['ES256'],
      issuer: accessTokenIssuer,
      audience,
      currentDate: new Date(ctx.clock.now()),
      clockTolerance: 0,
    });
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new Error('missing claims');
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
    const act = payload.act as { sub?: unknown } | undefined;
    const actorSubject = typeof act?.sub === 'string' ? act.sub : null;
    verified = { projectId: audience, userId: payload.sub, expiresAtSeconds: payload.exp, sessionId, actorSubject };
    rememberBounded(cache, token, verified, maxCachedTokens);
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      const exp = decodeJwt(token).exp;
      throw knownError(expiredCode, exp === undefined ? undefined : new Date(exp * 1000));
    }
    throw knownError(unparsableCode);
  }
  return await refuseRevoked(ctx, verified, expiredCode);
}

/**
 * A token of a session ended since it was issued gets the "expired" error without a date
 * (`expired_at_millis: null`, which Stack's SDK parses): the SDK then refreshes, the refresh
 * token is gone too, and the SDK drops the session. A numeric date would break its parser.
 */
async function refuseRevoked(
  ctx: Context,
  verified: VerifiedAccessToken,
  expiredCode: 'ACCESS_TOKEN_EXPIRED' | 'ADMIN_ACCESS_TOKEN_EXPIRED',
): Promise<VerifiedAccessToken> {
  if (verified.sessionId !== null && (await isSessionRevoked(ctx, verified.sessionId))) throw knownError(expiredCode);
  return verified;
}
