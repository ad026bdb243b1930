// A stand-in OAuth provider served by authd itself in development mode, so "Sign in with GitHub"
// works on a fresh checkout with no provider app and no network: a small page where you type the
// email and name to sign in as (or deny), then a token and a user-info endpoint. Never in production.
import { createHash } from 'node:crypto';
import type { Context } from '../storage/context';
import { perDatabase, rememberBounded } from '../storage/database-memory';
import { randomCrockfordString, sha256Hex } from '../credentials/random-tokens';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { ProviderEndpoints, ProviderProfile } from '../../providers/provider-definition';
import { escapeHtml } from '../../protocol/html-escape';

export const devMockClientId = 'authd-development-mock';
const codeLifetimeMillis = 10 * 60 * 1000;
const accessTokenLifetimeSeconds = 3600;
const maxRemembered = 10_000;

interface MockIdentity {
  email: string;
  name: string;
}

interface MockGrant {
  identity: MockIdentity;
  providerId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  expiresAt: number;
}

// Kept in memory: a restart simply ends flows in progress, which is fine for development.
const mockStateOf = perDatabase(() => ({
  codes: new Map<string, MockGrant>(),
  accessTokens: new Map<string, { identity: MockIdentity; expiresAt: number }>(),
  refreshTokens: new Map<string, { identity: MockIdentity; scope: string }>(),
}));

export function devMockEndpoints(origins: { public: string; local: string }, providerId: string): ProviderEndpoints {
  const path = `/api/v1/dev-oauth/${providerId}`;
  return {
    authorizeUrl: `${origins.public}${path}/authorize`,
    tokenUrl: `${origins.local}${path}/token`,
    userinfoUrl: `${origins.local}${path}/userinfo`,
  };
}

export function requireDevelopmentMode(ctx: Context): void {
  if (ctx.mode !== 'development') throw plainTextError('DEV_PROVIDER_ONLY_IN_DEVELOPMENT');
}

/** The mock page's look: one small card, light or dark as the browser prefers, 16 px fields. */
const devMockPageStyle = `
  :root { color-scheme: light dark; --page: #f8fafc; --card: #fff; --text: #0f172a; --muted: #475569; --line: #64748b; --accent: #2563eb; }
  @media (prefers-color-scheme: dark) { :root { --page: #020617; --card: #0f172a; --text: #f1f5f9; --muted: #94a3b8; --line: #64748b; --accent: #2563eb; } }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--page); color: var(--text); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 380px; margin: 24px auto; padding: 24px; background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
  h1 { font-size: 20px; margin: 0 0 8px; text-align: center; }
  p { margin: 0 0 16px; color: var(--muted); text-align: center; }
  label { display: flex; flex-direction: column; gap: 4px; margin-bottom: 12px; font-size: 13px; font-weight: 500; }
  input { height: 40px; padding: 0 12px; font-size: 16px; color: var(--text); background: var(--card); border: 1px solid var(--line); border-radius: 6px; }
  .buttons { display: flex; gap: 8px; margin-top: 16px; }
  button { flex: 1; height: 40px; font-size: 14px; font-weight: 500; border-radius: 6px; cursor: pointer; border: 1px solid var(--line); background: transparent; color: var(--text); }
  button[value="allow"] { background: var(--accent); border-color: var(--accent); color: #fff; }
  @media (max-width: 420px) { main { margin: 0; border-radius: 0; border-width: 0 0 1px; } }
`;

/**
 * The provider's "log in" page: the query of the authorize request is carried in hidden fields.
 * 'Continue' signs in as the typed identity; 'Deny' answers the OAuth `access_denied` error, as a
 * real provider does when the person refuses, so the app's error card can be tried too.
 */
export function renderDevMockAuthorizePage(ctx: Context, providerId: string, query: Record<string, string>): string {
  requireDevelopmentMode(ctx);
  const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`)
    .join('\n      ');
  const provider = escapeHtml(providerId);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="data:,">
    <title>Sign in with ${provider} (authd development mock)</title>
    <style>${devMockPageStyle}</style>
  </head>
  <body>
    <main>
      <h1>Sign in with ${provider}</h1>
      <p>authd development mock: no ${provider} credentials are configured, so this server signs you in as whoever you type.</p>
      <form method="post">
      ${hidden}
      <label>Email <input name="email" type="email" required value="developer@example.com" autocomplete="email"></label>
      <label>Name <input name="name" value="Developer" autocomplete="name"></label>
      <div class="buttons">
        <!-- Continue first: Enter in a field submits with the form's first button. -->
        <button type="submit" name="decision" value="allow">Continue</button>
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
      </div>
      </form>
    </main>
  </body>
</html>`;
}

/**
 * The page's form was sent: a code goes back to authd's own callback, never anywhere else.
 * `ownOrigins` are this instance's origins (never taken from the request's Host header).
 */
export function approveDevMockAuthorization(
  ctx: Context,
  providerId: string,
  form: Record<string, string>,
  ownOrigins: readonly string[],
): string {
  requireDevelopmentMode(ctx);
  if (form.client_id !== devMockClientId) throw plainTextError('DEV_PROVIDER_UNKNOWN_CLIENT');
  let redirect: URL;
  try {
    redirect = new URL(form.redirect_uri ?? '');
  } catch {
    throw plainTextError('DEV_PROVIDER_REDIRECT_NOT_A_URL');
  }
  if (!ownOrigins.includes(redirect.origin) || redirect.pathname !== `/api/v1/auth/oauth/callback/${providerId}`) {
    throw plainTextError('DEV_PROVIDER_FOREIGN_REDIRECT');
  }
  if (form.decision === 'deny') {
    // Refused by the person: the callback gets the OAuth error instead of a code.
    redirect.searchParams.set('error', 'access_denied');
    redirect.searchParams.set('error_description', 'The user denied the sign-in on the development mock page.');
    if (form.state) redirect.searchParams.set('state', form.state);
    return redirect.toString();
  }
  if (form.code_challenge_method !== 'S256' || !form.code_challenge) {
    throw plainTextError('DEV_PROVIDER_PKCE_REQUIRED');
  }
  const email = (form.email ?? '').trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw plainTextError('DEV_PROVIDER_INVALID_EMAIL');
  const code = randomCrockfordString();
  rememberBounded(
    mockStateOf(ctx).codes,
    code,
    {
      identity: { email, name: (form.name ?? '').trim() || email },
      providerId,
      redirectUri: form.redirect_uri!,
      codeChallenge: form.code_challenge,
      scope: form.scope ?? '',
      expiresAt: ctx.clock.now() + codeLifetimeMillis,
    },
    maxRemembered,
  );
  redirect.searchParams.set('code', code);
  if (form.state) redirect.searchParams.set('state', form.state);
  return redirect.toString();
}

type TokenAnswer = { status: number; body: Record<string, unknown> };

/** The token endpoint: authorization_code (with PKCE) and refresh_token grants, RFC 6749 errors. */
export function devMockTokenResponse(ctx: Context, providerId: string, form: Record<string, string>): TokenAnswer {
  requireDevelopmentMode(ctx);
  const state = mockStateOf(ctx);
  const invalidGrant = { status: 400, body: { error: 'invalid_grant' } };
  let identity: MockIdentity;
  let scope: string;
  if (form.grant_type === 'authorization_code') {
    const grant = state.codes.get(form.code ?? '');
    state.codes.delete(form.code ?? '');
    if (!grant || grant.providerId !== providerId || grant.expiresAt <= ctx.clock.now()) return invalidGrant;
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (grant.redirectUri !== form.redirect_uri || challenge !== grant.codeChallenge) return invalidGrant;
    identity = grant.identity;
    scope = grant.scope;
  } else if (form.grant_type === 'refresh_token') {
    const stored = state.refreshTokens.get(sha256Hex(form.refresh_token ?? ''));
    if (!stored) return invalidGrant;
    identity = stored.identity;
    scope = stored.scope;
  } else {
    return { status: 400, body: { error: 'unsupported_grant_type' } };
  }
  const accessToken = `mock_${randomCrockfordString()}`;
  const refreshToken = `mock_${randomCrockfordString()}`;
  const now = ctx.clock.now();
  rememberBounded(
    state.accessTokens,
    sha256Hex(accessToken),
    { identity, expiresAt: now + accessTokenLifetimeSeconds * 1000 },
    maxRemembered,
  );
  rememberBounded(state.refreshTokens, sha256Hex(refreshToken), { identity, scope }, maxRemembered);
  return {
    status: 200,
    body: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: accessTokenLifetimeSeconds,
      refresh_token: refreshToken,
      scope,
    },
  };
}

/** The user-info endpoint: OpenID-style claims of whoever signed in on the mock page. */
export function devMockUserinfo(ctx: Context, authorization: string | null): TokenAnswer {
  requireDevelopmentMode(ctx);
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  const stored = mockStateOf(ctx).accessTokens.get(sha256Hex(token));
  if (!stored || stored.expiresAt <= ctx.clock.now()) return { status: 401, body: { error: 'invalid_token' } };
  return {
    status: 200,
    body: {
      // The same email is the same account, so signing in again finds the user made the first time.
      sub: `mock-${sha256Hex(stored.identity.email.toLowerCase()).slice(0, 20)}`,
      email: stored.identity.email,
      email_verified: true,
      name: stored.identity.name,
    },
  };
}

export async function readDevMockProfile(info: Record<string, unknown>): Promise<ProviderProfile> {
  if (typeof info.sub !== 'string') throw new Error('the development OAuth provider answered without a subject');
  return {
    accountId: info.sub,
    email: typeof info.email === 'string' ? info.email : null,
    emailVerified: info.email_verified === true,
    displayName: typeof info.name === 'string' ? info.name : null,
    profileImageUrl: null,
  };
}
