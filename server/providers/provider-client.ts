// authd as an OAuth client of a provider: the authorize URL (PKCE S256), the code exchange,
// refreshing with a stored refresh token, and reading the user's profile. Client credentials go
// in the form body (client_secret_post), which every one of the seven providers accepts.
import { knownError } from '../protocol/known-errors';
import { PlainTextError, plainTextError } from '../protocol/plain-text-errors';
import type { ProviderProfile, ProviderTokenSet, ResolvedOAuthProvider } from './provider-definition';

const providerCallTimeoutMillis = 15_000;

export function providerAuthorizeUrl(
  provider: ResolvedOAuthProvider,
  request: { redirectUri: string; state: string; codeChallenge: string; scopes: string[] },
): string {
  const url = new URL(provider.endpoints.authorizeUrl);
  const params = url.searchParams;
  params.set('client_id', provider.clientId);
  params.set('redirect_uri', request.redirectUri);
  params.set('response_type', 'code');
  params.set('scope', request.scopes.join(provider.definition.scopeSeparator ?? ' '));
  params.set('state', request.state);
  params.set('code_challenge', request.codeChallenge);
  params.set('code_challenge_method', 'S256');
  params.set('access_type', 'offline');
  for (const [name, value] of Object.entries({ ...provider.definition.extraAuthorizeParams, ...provider.projectAuthorizeParams })) params.set(name, value);
  return url.toString();
}

/** Splits a granted-scope string; GitHub separates with commas, the others with spaces. */
export function parseScopes(scope: unknown, fallback: string[]): string[] {
  if (typeof scope !== 'string' || scope.trim() === '') return fallback;
  return scope.split(/[\s,]+/).filter(Boolean);
}

async function postTokenRequest(
  provider: ResolvedOAuthProvider,
  fields: Record<string, string>,
): Promise<Record<string, unknown>> {
  const body = new URLSearchParams({ ...fields, client_id: provider.clientId, client_secret: provider.clientSecret });
  let response: Response;
  try {
    response = await fetch(provider.endpoints.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(providerCallTimeoutMillis),
    });
  } catch (error) {
    throw plainTextError('PROVIDER_TOKEN_ENDPOINT_UNREACHABLE', provider.id, describe(error));
  }
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    // A few providers answer form-encoded unless told otherwise; accept that too.
    json = Object.fromEntries(new URLSearchParams(text));
  }
  // GitHub reports a bad code with status 200 and an `error` field.
  if (!response.ok || typeof json.error === 'string') {
    if (json.error === 'access_denied') throw knownError('OAUTH_PROVIDER_ACCESS_DENIED');
    const reason = typeof json.error_description === 'string' ? json.error_description : String(json.error ?? response.status);
    throw new ProviderGrantError(provider.id, reason);
  }
  return json;
}

/** The provider said no to a code or a refresh token (RFC 6749 invalid_grant and friends). */
export class ProviderGrantError extends PlainTextError {
  constructor(providerId: string, reason: string) {
    const named = plainTextError('PROVIDER_REFUSED_GRANT', providerId, reason);
    super(named.errorName, named.status, named.message);
  }
}

function tokenSetFrom(json: Record<string, unknown>, requestedScopes: string[], providerId: string): ProviderTokenSet {
  if (typeof json.access_token !== 'string' || json.access_token === '') {
    throw plainTextError('PROVIDER_GAVE_NO_ACCESS_TOKEN', providerId);
  }
  const expiresIn = Number(json.expires_in);
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === 'string' && json.refresh_token ? json.refresh_token : undefined,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined,
    scopes: parseScopes(json.scope, requestedScopes),
  };
}

export async function exchangeProviderCode(
  provider: ResolvedOAuthProvider,
  request: { code: string; redirectUri: string; codeVerifier: string; requestedScopes: string[] },
): Promise<ProviderTokenSet> {
  const json = await postTokenRequest(provider, {
    grant_type: 'authorization_code',
    code: request.code,
    redirect_uri: request.redirectUri,
    code_verifier: request.codeVerifier,
  });
  return tokenSetFrom(json, request.requestedScopes, provider.id);
}

export async function refreshProviderToken(
  provider: ResolvedOAuthProvider,
  refreshToken: string,
  scopes: string[],
): Promise<ProviderTokenSet> {
  const json = await postTokenRequest(provider, { grant_type: 'refresh_token', refresh_token: refreshToken });
  const tokens = tokenSetFrom(json, scopes, provider.id);
  // Providers that do not rotate refresh tokens leave the old one valid.
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

export async function fetchProviderProfile(provider: ResolvedOAuthProvider, accessToken: string): Promise<ProviderProfile> {
  const readResource = async (url: string): Promise<unknown> => {
    const response = await fetch(url, {
      headers: { accept: 'application/json', authorization: `Bearer ${accessToken}`, 'user-agent': 'authd' },
      signal: AbortSignal.timeout(providerCallTimeoutMillis),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json();
  };
  try {
    const info = (await readResource(provider.endpoints.userinfoUrl)) as Record<string, unknown>;
    return await provider.readProfile(info, readResource, provider.endpoints);
  } catch (error) {
    throw plainTextError('PROVIDER_PROFILE_UNREADABLE', provider.id, describe(error));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
