// A project's OpenID Provider under its issuer, /projects/{id}/oidc: discovery, keys, the
// authorization endpoint (browser navigations, answered with redirects and pages), and the
// token, userinfo, revocation and logout endpoints that relying parties call. No project
// headers: relying parties speak OAuth, not Stack's API. The rules are in server/core/oidc.
import type { Context } from '../../core/storage/context';
import { OidcError, UntrustedAuthorizationRequest } from '../../protocol/oidc-errors';
import { discoveryDocument } from '../../core/oidc/oidc-discovery';
import { readProjectJwks } from '../../core/auth/signing-keys';
import {
  AuthorizationErrorRedirect,
  continueAuthorization,
  deniedAuthorization,
  parseAuthorizationRequest,
  type AuthorizationParameters,
} from '../../core/oidc/oidc-authorization';
import { findBrowserSession, readSessionCookie, sessionCookieName } from '../../core/oidc/oidc-browser-session';
import { authenticateOidcClient, findOidcClient, type OidcClientRow } from '../../core/oidc/oidc-clients';
import { clientOfIdTokenHint, exchangeAuthorizationCode, refreshOidcTokens, revokeOidcToken, verifyOidcAccessToken } from '../../core/oidc/oidc-tokens';
import { userClaims } from '../../core/oidc/oidc-claims';
import { oidcIssuerPath } from '../../core/oidc/oidc-issuer';
import { requireProject } from '../../core/projects/projects';
import { endSession } from '../../core/auth/sessions';
import { readUserServerView } from '../../core/users/user-views';
import { isLocalhostName } from '../../protocol/localhost-names';
import type { ApiApp } from '../api-app';
import { authorizationErrorPage, consentPage, signedOutPage } from '../oidc-pages';

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

function json(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...noStore, ...headers } });
}

function oidcErrorResponse(error: OidcError, basicUsed = false): Response {
  const headers: Record<string, string> = {};
  if (error.code === 'invalid_client' && basicUsed) headers['www-authenticate'] = 'Basic realm="authd"';
  if (error.code === 'invalid_token') headers['www-authenticate'] = `Bearer error="invalid_token", error_description="${error.description}"`;
  return json(error.toJSON(), error.status, headers);
}

function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { location, ...noStore, ...headers } });
}

/** Only strings: a repeated parameter is refused by the rules as a bad value, not guessed at. */
function stringFields(input: unknown): AuthorizationParameters {
  const fields: AuthorizationParameters = {};
  if (input && typeof input === 'object') {
    for (const [name, value] of Object.entries(input as Record<string, unknown>)) if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

const authorizationParameterNames = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'prompt', 'max_age', 'response_mode'];

function authorizationQuery(params: AuthorizationParameters, drop: { prompt?: string } = {}): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of authorizationParameterNames) {
    let value = params[name];
    if (name === 'prompt' && value !== undefined && drop.prompt) value = value.split(' ').filter((p) => p !== drop.prompt).join(' ');
    if (value !== undefined && value !== '') query.set(name, value);
  }
  return query;
}

function clearSessionCookie(request: Request, projectId: string): string {
  const secure = new URL(request.url).protocol === 'https:' || !isLocalhostName(new URL(request.url).hostname);
  return `${encodeURIComponent(sessionCookieName(projectId))}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`;
}

async function authorize(ctx: Context, request: Request, projectId: string, params: AuthorizationParameters, decision?: string): Promise<Response> {
  try {
    await requireProject(ctx, projectId);
    const parsed = await parseAuthorizationRequest(ctx, projectId, params);
    if (decision !== undefined) {
      // The consent form posts from authd's own page; a post from anywhere else is not the user's choice.
      const origin = request.headers.get('origin');
      if (origin !== null && origin !== new URL(request.url).origin) return authorizationErrorPage(request, 'The approval did not come from this sign-in service.');
    }
    const session = await findBrowserSession(ctx, projectId, readSessionCookie(request.headers.get('cookie'), projectId));
    if (decision === 'deny') return redirect(deniedAuthorization(ctx, projectId, parsed));
    const step = await continueAuthorization(ctx, projectId, parsed, session, decision === 'allow' && session !== null);
    const here = `${oidcIssuerPath(projectId)}/authorize`;
    switch (step.kind) {
      case 'redirect':
        return redirect(step.location);
      case 'sign-in': {
        // Back here after signing in, without `prompt=login` (the sign-in is that fresh login).
        const returnTo = `${here}?${authorizationQuery(params, { prompt: 'login' }).toString()}`;
        const signIn = `/projects/${encodeURIComponent(projectId)}/handler/sign-in?after_auth_return_to=${encodeURIComponent(returnTo)}`;
        if (step.reauthenticate && session) {
          // A fresh sign-in was asked for: this session ends, so the screens ask for credentials.
          await endSession(ctx, projectId, session.refreshToken);
          return redirect(signIn, { 'set-cookie': clearSessionCookie(request, projectId) });
        }
        return redirect(signIn);
      }
      case 'consent': {
        const user = await readUserServerView(ctx, projectId, session!.userId);
        const project = await requireProject(ctx, projectId);
        return consentPage(request, {
          clientName: parsed.client.name,
          projectName: project.displayName,
          userLabel: user.primary_email ?? user.display_name ?? user.id,
          scopes: parsed.scopes,
          parameters: Object.fromEntries(authorizationQuery(params, { prompt: 'consent' })),
          action: here,
          redirectUri: parsed.redirectUri,
          language: { uiLocales: params.ui_locales, userLocale: user.locale, projectLocale: project.defaultLocale },
        });
      }
    }
  } catch (error) {
    if (error instanceof AuthorizationErrorRedirect) return redirect(error.location);
    if (error instanceof UntrustedAuthorizationRequest) return authorizationErrorPage(request, error.message);
    throw error;
  }
}

/**
 * Answers a call of a client (the token and revocation endpoints): `answer` runs for the client
 * that authenticated with the form's credentials or Basic auth, and an OidcError on the way,
 * its own or the authentication's, becomes the OAuth error answer.
 */
async function answerAuthenticatedClient(
  ctx: Context,
  request: Request,
  projectId: string,
  body: unknown,
  answer: (client: OidcClientRow, form: AuthorizationParameters) => Promise<Response>,
): Promise<Response> {
  const form = stringFields(body);
  const authorization = request.headers.get('authorization');
  try {
    const client = await authenticateOidcClient(ctx, projectId, { authorization, clientId: form.client_id, clientSecret: form.client_secret });
    return await answer(client, form);
  } catch (error) {
    if (error instanceof OidcError) return oidcErrorResponse(error, authorization !== null);
    throw error;
  }
}

async function token(ctx: Context, request: Request, projectId: string, body: unknown): Promise<Response> {
  return await answerAuthenticatedClient(ctx, request, projectId, body, async (client, form) => {
    switch (form.grant_type) {
      case 'authorization_code':
        return json(await exchangeAuthorizationCode(ctx, projectId, client, form));
      case 'refresh_token':
        return json(await refreshOidcTokens(ctx, projectId, client, form.refresh_token));
      case undefined:
        throw new OidcError('invalid_request', 'grant_type is missing');
      default:
        throw new OidcError('unsupported_grant_type', 'The grant types are authorization_code and refresh_token');
    }
  });
}

async function userinfo(ctx: Context, request: Request, projectId: string): Promise<Response> {
  const header = request.headers.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  try {
    const access = await verifyOidcAccessToken(ctx, projectId, bearer);
    try {
      return json(await userClaims(ctx, projectId, access.userId, access.scopes));
    } catch {
      throw new OidcError('invalid_token', 'The user of this token no longer exists');
    }
  } catch (error) {
    if (error instanceof OidcError) return oidcErrorResponse(error);
    throw error;
  }
}

async function revoke(ctx: Context, request: Request, projectId: string, body: unknown): Promise<Response> {
  return await answerAuthenticatedClient(ctx, request, projectId, body, async (client, form) => {
    await revokeOidcToken(ctx, projectId, client, form.token);
    return new Response(null, { status: 200, headers: noStore });
  });
}

/** RP-initiated logout 1.0: ends the authd session, then back to a registered post-logout URI. */
async function endSessionRoute(ctx: Context, request: Request, projectId: string, params: AuthorizationParameters): Promise<Response> {
  await requireProject(ctx, projectId);
  const hint = params.id_token_hint ? await clientOfIdTokenHint(ctx, projectId, params.id_token_hint) : null;
  if (params.id_token_hint && !hint) return authorizationErrorPage(request, 'The id_token_hint is not an ID token of this provider.');
  const clientId = params.client_id ?? hint?.clientId;
  if (params.client_id && hint && params.client_id !== hint.clientId) return authorizationErrorPage(request, 'client_id differs from the id_token_hint.');
  let location: string | undefined;
  if (params.post_logout_redirect_uri) {
    const client = clientId ? await findOidcClient(ctx, projectId, clientId) : undefined;
    if (!client || !(client.postLogoutRedirectUris as string[]).includes(params.post_logout_redirect_uri)) {
      return authorizationErrorPage(request, 'The post-logout redirect URI is not one registered for this application.');
    }
    const url = new URL(params.post_logout_redirect_uri);
    if (params.state) url.searchParams.set('state', params.state);
    location = url.toString();
  }
  const session = await findBrowserSession(ctx, projectId, readSessionCookie(request.headers.get('cookie'), projectId));
  // Without a hint anyone could link a user into signing out; with one, only that user's session ends.
  if (session && (!hint || hint.userId === session.userId)) await endSession(ctx, projectId, session.refreshToken);
  const cookie = { 'set-cookie': clearSessionCookie(request, projectId) };
  if (location) return redirect(location, cookie);
  const page = signedOutPage(request);
  page.headers.append('set-cookie', cookie['set-cookie']);
  return page;
}

export function oidcRoutes(app: ApiApp, ctx: Context) {
  const base = '/projects/:project_id/oidc';
  return app
    .get(`${base}/.well-known/openid-configuration`, async ({ params }) => json(await discoveryDocument(ctx, params.project_id), 200, { 'cache-control': 'max-age=300' }))
    .get(`${base}/jwks`, async ({ params }) => json(await readProjectJwks(ctx, params.project_id), 200, { 'cache-control': 'max-age=300' }))
    .get(`${base}/authorize`, async ({ params, query, request }) => await authorize(ctx, request, params.project_id, stringFields(query)))
    .post(`${base}/authorize`, async ({ params, body, request }) => {
      const fields = stringFields(body);
      return await authorize(ctx, request, params.project_id, fields, fields.decision);
    })
    .post(`${base}/token`, async ({ params, body, request }) => await token(ctx, request, params.project_id, body))
    .get(`${base}/userinfo`, async ({ params, request }) => await userinfo(ctx, request, params.project_id))
    .post(`${base}/userinfo`, async ({ params, request }) => await userinfo(ctx, request, params.project_id))
    .post(`${base}/revoke`, async ({ params, body, request }) => await revoke(ctx, request, params.project_id, body))
    .get(`${base}/end-session`, async ({ params, query, request }) => await endSessionRoute(ctx, request, params.project_id, stringFields(query)));
}
