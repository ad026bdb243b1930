// Verifies authd access tokens on a host app's server with fetch and Web Crypto only: the
// project's JWKS is fetched once and cached, and a token signed with a key not yet seen makes
// one rate-limited refetch, so rotating the project's signing key needs no restart.
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, importJWK, jwtVerify, type JWK } from 'jose';
import {
  AccessTokenError,
  BadSignatureError,
  JwksUnavailableError,
  MalformedTokenError,
  TokenExpiredError,
  UnknownKeyError,
  WrongProjectError,
} from './errors';

/** The issuer authd (like Stack Auth) writes in every access token. */
export const accessTokenIssuer = 'https://access-token.jwt-signature.stack-auth.com';

/** Seconds a token is still accepted after its `exp` (and before its `iat`), for clocks that disagree. */
export const defaultClockToleranceSeconds = 5;
/** A cached JWKS is fetched again after this long even when every key is known. */
export const defaultJwksMaxAgeSeconds = 600;
/** At most one refetch for unknown key ids in this window; others get UnknownKeyError at once. */
export const defaultUnknownKeyRefetchCooldownSeconds = 30;

export interface VerifyOptions {
  /** Where authd is reached, e.g. `https://auth.example.com` (no `/api/v1`). */
  baseUrl: string;
  /** The project whose tokens are accepted (the token's `aud`). */
  projectId: string;
  /** Default 5 s. */
  clockToleranceSeconds?: number;
  /** Default `globalThis.fetch`. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** Clock in epoch milliseconds; default `Date.now`. */
  now?: () => number;
}

export interface VerifierOptions extends VerifyOptions {
  /** Default 600 s. */
  jwksMaxAgeSeconds?: number;
  /** Default 30 s. */
  unknownKeyRefetchCooldownSeconds?: number;
}

/** What a verified access token says. */
export interface AccessTokenClaims {
  /** The signed-in user's id (`sub`). */
  userId: string;
  /** The project the token was issued for (`aud`). */
  projectId: string;
  issuedAt: Date;
  expiresAt: Date;
  /** Every claim of the token, as signed. */
  payload: Record<string, unknown>;
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<AccessTokenClaims>;
}

interface KeySet {
  keys: Map<string, CryptoKey>;
  fetchedAtMillis: number;
}

function jwksUrlOf(baseUrl: string, projectId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/projects/${encodeURIComponent(projectId)}/.well-known/jwks.json`;
}

/**
 * A verifier with its own JWKS cache; keep one per project for the life of the process.
 * `verifyAccessToken` uses one shared per base URL and project.
 */
export function createAccessTokenVerifier(options: VerifierOptions): AccessTokenVerifier {
  const jwksUrl = jwksUrlOf(options.baseUrl, options.projectId);
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const toleranceSeconds = options.clockToleranceSeconds ?? defaultClockToleranceSeconds;
  const maxAgeMillis = (options.jwksMaxAgeSeconds ?? defaultJwksMaxAgeSeconds) * 1000;
  const cooldownMillis = (options.unknownKeyRefetchCooldownSeconds ?? defaultUnknownKeyRefetchCooldownSeconds) * 1000;
  let keySet: KeySet | null = null;
  let pendingFetch: Promise<KeySet> | null = null;
  let lastUnknownKeyRefetchMillis = -Infinity;

  async function fetchKeySet(): Promise<KeySet> {
    let body: unknown;
    try {
      const response = await fetchImpl(jwksUrl, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = await response.json();
    } catch (cause) {
      throw new JwksUnavailableError(`Cannot fetch ${jwksUrl}: ${String(cause)}`, { cause });
    }
    const listed = (body as { keys?: unknown }).keys;
    if (!Array.isArray(listed)) throw new JwksUnavailableError(`${jwksUrl} did not answer a JWKS.`);
    const keys = new Map<string, CryptoKey>();
    for (const jwk of listed as JWK[]) {
      if (typeof jwk.kid !== 'string' || jwk.kty !== 'EC' || jwk.crv !== 'P-256') continue;
      keys.set(jwk.kid, (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey);
    }
    return { keys, fetchedAtMillis: now() };
  }

  // Concurrent requests share one fetch rather than each asking authd.
  function refresh(): Promise<KeySet> {
    pendingFetch ??= fetchKeySet()
      .then((fetched) => (keySet = fetched))
      .finally(() => (pendingFetch = null));
    return pendingFetch;
  }

  async function keyFor(keyId: string): Promise<CryptoKey> {
    if (!keySet || now() - keySet.fetchedAtMillis > maxAgeMillis) await refresh();
    const known = keySet!.keys.get(keyId);
    if (known) return known;
    // A new key after a rotation: fetch once, but never more than once per cooldown, so tokens
    // with made-up key ids cannot make this server hammer authd.
    if (now() - lastUnknownKeyRefetchMillis < cooldownMillis) throw new UnknownKeyError(keyId);
    lastUnknownKeyRefetchMillis = now();
    const refreshed = await refresh();
    const found = refreshed.keys.get(keyId);
    if (!found) throw new UnknownKeyError(keyId);
    return found;
  }

  async function verify(token: string): Promise<AccessTokenClaims> {
    if (typeof token !== 'string' || token === '') throw new MalformedTokenError('No access token was given.');
    let algorithm: unknown;
    let keyId: unknown;
    let audience: unknown;
    try {
      ({ alg: algorithm, kid: keyId } = decodeProtectedHeader(token));
      audience = decodeJwt(token).aud;
    } catch (cause) {
      throw new MalformedTokenError(undefined, { cause });
    }
    // Only ES256 is ever issued; `none` or an HMAC algorithm is an attempt to skip the signature.
    if (algorithm !== 'ES256') throw new BadSignatureError(`Access tokens are signed with ES256, not ${String(algorithm)}.`);
    if (typeof keyId !== 'string') throw new MalformedTokenError('The access token names no signing key (kid).');
    // Another project's token would also fail on its key, but this error says what happened.
    if (audience !== options.projectId) throw new WrongProjectError(typeof audience === 'string' ? audience : null);
    const key = await keyFor(keyId);
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['ES256'],
        issuer: accessTokenIssuer,
        audience: options.projectId,
        clockTolerance: toleranceSeconds,
        currentDate: new Date(now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
        throw new MalformedTokenError('The access token lacks sub, iat or exp.');
      }
      return {
        userId: payload.sub,
        projectId: options.projectId,
        issuedAt: new Date(payload.iat * 1000),
        expiresAt: new Date(payload.exp * 1000),
        payload: { ...payload },
      };
    } catch (error) {
      throw asAccessTokenError(error, token);
    }
  }

  return { verify };
}

function asAccessTokenError(error: unknown, token: string): AccessTokenError {
  if (error instanceof AccessTokenError) return error;
  if (error instanceof joseErrors.JWTExpired) {
    const exp = decodeJwt(token).exp;
    return new TokenExpiredError(typeof exp === 'number' ? new Date(exp * 1000) : null);
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JOSEAlgNotAllowed) {
    return new BadSignatureError(undefined, { cause: error });
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed && (error.claim === 'iss' || error.claim === 'aud')) {
    return new WrongProjectError(null, `The access token was not issued by authd for this project (${error.claim}).`);
  }
  return new MalformedTokenError(error instanceof Error ? error.message : undefined, { cause: error });
}

const sharedVerifiers = new Map<string, AccessTokenVerifier>();

/**
 * Verifies an authd access token and returns its claims, or throws an AccessTokenError subclass.
 * The JWKS cache is shared by every call with the same base URL and project.
 */
export function verifyAccessToken(token: string, options: VerifyOptions): Promise<AccessTokenClaims> {
  // A custom fetch or clock belongs to its caller, so such a call gets a verifier of its own.
  if (options.fetch || options.now) return createAccessTokenVerifier(options).verify(token);
  const cacheKey = `${jwksUrlOf(options.baseUrl, options.projectId)} ${options.clockToleranceSeconds ?? defaultClockToleranceSeconds}`;
  let verifier = sharedVerifiers.get(cacheKey);
  if (!verifier) sharedVerifiers.set(cacheKey, (verifier = createAccessTokenVerifier(options)));
  return verifier.verify(token);
}
