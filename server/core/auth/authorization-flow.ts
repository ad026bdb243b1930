// authd as the app's OAuth authorization server. Authorize remembers the app's
// ("outer") request under a fresh inner state and sends the browser to the provider with its own
// PKCE pair; the provider's callback finds that request again through the inner state and a
// cookie set on authd's origin, turns the provider account into a user, and hands the app an
// authorization code for the token endpoint.
import { createHash } from 'node:crypto';
import { verifyAccessToken } from './access-tokens';
import { isValidApiKey } from '../projects/api-keys';
import type { Context } from '../storage/context';
import { projectExists } from '../projects/projects';
import { randomCrockfordString } from '../credentials/random-tokens';
import { openSecret, sealSecret } from '../storage/secret-box';
import { isTrustedUrl, requireTrustedUrl } from '../projects/trusted-urls';
import { consumeVerificationCode, createVerificationCode } from '../credentials/verification-codes';
import { consumeRateLimit, type RequestOrigin } from '../credentials/rate-limits';
import { KnownError, knownError } from '../../protocol/known-errors';
import type { OAuthAuthorizeQuery } from '../../protocol/oauth-schemas';
import { plainTextError } from '../../protocol/plain-text-errors';
import { linkProviderAccount, refuseSecondAccountOfProvider, signInOrSignUpWithProvider } from './account-resolution';
import { exchangeProviderCode, fetchProviderProfile, providerAuthorizeUrl } from '../../providers/provider-client';
import type { AuthdOrigins } from './authd-origins';
import { resolveProjectProvider } from './provider-registry';

/** The whole flow, from authorize to callback, must fit in this. */
export const outerOAuthTimeoutMillis = 10 * 60 * 1000;
/** Lifetime of the inner cookie: 600 seconds, like the client's verifier and state cookies, long enough to sign in at a provider. */
export const innerCookieMaxAgeSeconds = 600;
export const innerCookiePrefix = 'stack-oauth-inner-';

/** What authorize keeps while the user is at the provider. */
interface OuterFlow {
  provider_id: string;
  type: 'authenticate' | 'link';
  redirect_uri: string;
  outer_state: string;
  code_challenge: string;
  error_redirect_url: string | null;
  after_callback_redirect_url: string | null;
  link_user_id: string | null;
  provider_scopes: string[];
  /** The provider-side PKCE verifier, sealed like any secret at rest. */
  sealed_inner_verifier: string;
  started_at: number;
}

/** What the app's authorization code stands for at the token endpoint. */
export interface AuthorizationCodeData {
  user_id: string;
  is_new_user: boolean;
  redirect_uri: string;
  code_challenge: string;
  after_callback_redirect_url: string | null;
}

export interface InnerCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
  secure: boolean;
}

export function providerCallbackUrl(origins: AuthdOrigins, providerId: string): string {
  return `${origins.public}/api/v1/auth/oauth/callback/${providerId}`;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The redirect URI as the token request must repeat it: without its fragment. */
export function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

export async function startAuthorization(
  ctx: Context,
  providerId: string,
  query: OAuthAuthorizeQuery,
  origins: AuthdOrigins,
  requestOrigin: RequestOrigin,
): Promise<{ location: string; cookie: InnerCookie }> {
  const projectId = query.client_id;
  if (!await projectExists(ctx, projectId)) throw knownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET', projectId);
  if (!await isValidApiKey(ctx, projectId, 'publishable_client_key', query.client_secret)) {
    throw knownError('INVALID_PUBLISHABLE_CLIENT_KEY', projectId);
  }
  if (query.scope !== undefined && query.scope !== 'legacy') throw knownError('INVALID_SCOPE', query.scope);
  const provider = await resolveProjectProvider(ctx, projectId, providerId, origins);

  let linkUserId: string | null = null;
  if (query.type === 'link') {
    if (!query.token) {
      throw knownError(
        'SCHEMA_ERROR',
        'Request validation failed on GET /api/v1/auth/oauth/authorize:\n  - query.token: is required for type=link',
      );
    }
    // A token of another project is a 403 here rather than INVALID_PROJECT_FOR_ACCESS_TOKEN.
    let verified;
    try {
      verified = await verifyAccessToken(ctx, projectId, query.token);
    } catch (error) {
      if (error instanceof KnownError && error.code === 'INVALID_PROJECT_FOR_ACCESS_TOKEN') {
        throw plainTextError('ACCESS_TOKEN_OF_ANOTHER_PROJECT');
      }
      throw error;
    }
    linkUserId = verified.userId;
  }
  const extraScopes = (query.provider_scope ?? '').split(/[\s,]+/).filter(Boolean);
  if (extraScopes.length > 0 && provider.type === 'shared') {
    throw knownError('OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
  }
  // Refused before the user goes anywhere: a flow ending at an untrusted page could only fail,
  // and failing late would leave an account made for nothing. The callback checks again.
  await requireTrustedUrl(ctx, projectId, query.redirect_uri);
  if (query.after_callback_redirect_url) await requireTrustedUrl(ctx, projectId, query.after_callback_redirect_url);
  // Needs only the public client key and stores a row: limited like the other unauthenticated writers.
  await consumeRateLimit(ctx, 'oauthFlowStartPerIp', projectId, requestOrigin.ip);

  const innerVerifier = randomCrockfordString(64);
  const providerScopes = [...new Set([...provider.definition.defaultScopes, ...extraScopes])];
  const flow: OuterFlow = {
    provider_id: provider.id,
    type: query.type,
    redirect_uri: withoutFragment(query.redirect_uri),
    outer_state: query.state,
    code_challenge: query.code_challenge,
    error_redirect_url: query.error_redirect_url ?? query.error_redirect_uri ?? null,
    after_callback_redirect_url: query.after_callback_redirect_url ?? null,
    link_user_id: linkUserId,
    provider_scopes: providerScopes,
    sealed_inner_verifier: sealSecret(ctx, innerVerifier),
    started_at: ctx.clock.now(),
  };
  const code = await createVerificationCode(ctx, ctx.db, projectId, 'oauth_outer_flow', { ...flow });
  // The callback learns the project from the state, since one callback URL serves every project.
  const innerState = `${projectId}.${code}`;
  const location = providerAuthorizeUrl(provider, {
    redirectUri: providerCallbackUrl(origins, provider.id),
    state: innerState,
    codeChallenge: s256(innerVerifier),
    scopes: providerScopes,
  });
  return {
    location,
    cookie: {
      name: `${innerCookiePrefix}${innerState}`,
      value: 'true',
      maxAgeSeconds: innerCookieMaxAgeSeconds,
      secure: ctx.mode !== 'development',
    },
  };
}

export type CallbackOutcome =
  | { kind: 'redirect'; location: string }
  /** A known error with no trusted error page to send it to: shown as JSON. */
  | { kind: 'error'; error: KnownError };


/**
 * The provider's redirect back. `cookies` are the request's cookies. Throws only the
 * two plain-text cookie errors, which are never redirected; every later known error goes to
 * the app's error page when it is trusted.
 */
export async function finishAuthorization(
  ctx: Context,
  providerId: string,
  params: { state?: string; code?: string; error?: string; error_description?: string },
  cookies: Record<string, string>,
  origins: AuthdOrigins,
): Promise<CallbackOutcome> {
  const innerState = params.state ?? '';
  if (!innerState || cookies[`${innerCookiePrefix}${innerState}`] !== 'true') throw plainTextError('OAUTH_COOKIE_NOT_FOUND');
  const separator = innerState.indexOf('.');
  const projectId = innerState.slice(0, separator);
  const code = innerState.slice(separator + 1);
  if (separator <= 0 || code.length !== 45 || !await projectExists(ctx, projectId)) throw plainTextError('INVALID_OAUTH_COOKIE');

  let flow: OuterFlow;
  try {
    flow = await consumeVerificationCode(ctx, projectId, 'oauth_outer_flow', code, (_tx, data) => data as unknown as OuterFlow);
  } catch (error) {
    if (error instanceof KnownError && error.code === 'VERIFICATION_CODE_EXPIRED') {
      return { kind: 'error', error: knownError('OUTER_OAUTH_TIMEOUT') };
    }
    if (error instanceof KnownError && error.is('VERIFICATION_ERROR')) throw plainTextError('INVALID_OAUTH_COOKIE');
    throw error;
  }
  if (flow.provider_id !== providerId) throw plainTextError('INVALID_OAUTH_COOKIE');

  try {
    const location = await completeProviderSignIn(ctx, projectId, flow, params, origins);
    return { kind: 'redirect', location };
  } catch (error) {
    if (!(error instanceof KnownError)) throw error;
    if (flow.error_redirect_url && await isTrustedUrl(ctx, projectId, flow.error_redirect_url)) {
      const target = new URL(flow.error_redirect_url);
      target.searchParams.set('errorCode', error.code);
      target.searchParams.set('message', error.message);
      target.searchParams.set('details', JSON.stringify(error.details ?? {}));
      return { kind: 'redirect', location: target.toString() };
    }
    return { kind: 'error', error };
  }
}

/** The rest of the callback after the provider's answer; returns the app's redirect URI with its code and state. */
async function completeProviderSignIn(
  ctx: Context,
  projectId: string,
  flow: OuterFlow,
  params: { code?: string; error?: string; error_description?: string },
  origins: AuthdOrigins,
): Promise<string> {
  if (ctx.clock.now() - flow.started_at > outerOAuthTimeoutMillis) throw knownError('OUTER_OAUTH_TIMEOUT');
  const provider = await resolveProjectProvider(ctx, projectId, flow.provider_id, origins);
  if (params.error === 'access_denied') throw knownError('OAUTH_PROVIDER_ACCESS_DENIED');
  if (params.error || !params.code) {
    throw plainTextError('PROVIDER_RETURNED_NO_CODE', params.error_description ?? params.error ?? 'code missing');
  }
  const tokens = await exchangeProviderCode(provider, {
    code: params.code,
    redirectUri: providerCallbackUrl(origins, provider.id),
    codeVerifier: openSecret(ctx, flow.sealed_inner_verifier),
    requestedScopes: flow.provider_scopes,
  });
  const profile = await fetchProviderProfile(provider, tokens.accessToken);

  if (flow.type === 'link') await refuseSecondAccountOfProvider(ctx, projectId, flow.link_user_id!, provider.id, profile);
  // Before any account is created or linked; domains may have changed since.
  await requireTrustedUrl(ctx, projectId, flow.redirect_uri);
  const account =
    flow.type === 'link'
      ? await linkProviderAccount(ctx, projectId, flow.link_user_id!, provider.id, profile, tokens)
      : await signInOrSignUpWithProvider(ctx, projectId, provider.id, profile, tokens);

  const codeData: AuthorizationCodeData = {
    user_id: account.userId,
    is_new_user: account.isNewUser,
    redirect_uri: flow.redirect_uri,
    code_challenge: flow.code_challenge,
    after_callback_redirect_url: flow.after_callback_redirect_url,
  };
  const authorizationCode = await createVerificationCode(ctx, ctx.db, projectId, 'oauth_authorization_code', { ...codeData });
  const target = new URL(flow.redirect_uri);
  target.searchParams.set('code', authorizationCode);
  target.searchParams.set('state', flow.outer_state);
  return target.toString();
}
