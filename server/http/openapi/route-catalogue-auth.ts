// Route descriptions of sign-in, sessions and OAuth (see route-catalogue.ts).
import * as v from 'valibot';
import { tokenRequestSchema } from '../../protocol/auth-schemas';
import { oauthAuthorizeQuerySchema } from '../../protocol/oauth-schemas';
import { accessTokenResponse, sessionTokensResponse, listResponse, successResponse } from '../../protocol/response-schemas';
import { passkeyView } from '../../protocol/passkey-schemas';
import { routeGroup, type RouteDescription } from './route-description';

const rateLimited = { status: 429, when: 'too many attempts; Retry-After says when to try again' };
const clientOnlyActsOnItself = { status: 403, when: 'client access names a user other than the signed-in one' };
const isCodeValid = v.object({ is_code_valid: v.literal(true) });

export const authRouteCatalogue: Record<string, RouteDescription> = {
  ...routeGroup(
    { tag: 'General', access: 'none' },
    {
      'GET /': {
        summary: 'Welcome text: the API answers here',
        response: { mediaType: 'text/plain' },
      },
      'POST /check-feature-support': {
        summary: 'Whether authd supports a feature the SDK asks about (always a polite no)',
        body: v.object({ name: v.optional(v.string()) }),
        response: { mediaType: 'text/plain' },
      },
    },
  ),
  ...routeGroup(
    { tag: 'Password', access: 'client' },
    {
      'POST /auth/password/sign-up': {
        summary: 'Sign up with email and password',
        response: { schema: sessionTokensResponse },
        errors: ['MULTI_FACTOR_AUTHENTICATION_REQUIRED'],
        textErrors: [rateLimited],
      },
      'POST /auth/password/sign-in': {
        summary: 'Sign in with email and password',
        response: { schema: sessionTokensResponse },
        textErrors: [rateLimited],
      },
      'POST /auth/password/update': {
        summary: "Change the signed-in user's password (the old one is checked)",
        signedInUser: true,
        response: { schema: successResponse },
        textErrors: [rateLimited],
      },
      'POST /auth/password/send-reset-code': {
        summary: 'Email a password-reset link (answers the same whether the address is known or not)',
        response: { schema: v.object({ success: v.string() }) },
        textErrors: [rateLimited],
      },
      'POST /auth/password/reset/check-code': {
        summary: 'Whether a password-reset code is still usable',
        response: { schema: isCodeValid },
      },
      'POST /auth/password/reset': {
        summary: 'Set a new password with a reset code (ends every session)',
        response: { schema: successResponse },
      },
      'POST /auth/password/set': {
        summary: 'Give a signed-in user without a password one',
        signedInUser: true,
        response: { schema: successResponse },
      },
    },
  ),
  ...routeGroup(
    { tag: 'One-time codes', access: 'client' },
    {
      'POST /auth/otp/send-sign-in-code': {
        summary: 'Email a magic link and a typed one-time code',
        response: { schema: v.object({ nonce: v.string() }) },
        textErrors: [rateLimited],
      },
      'POST /auth/otp/sign-in/check-code': {
        summary: 'Whether a magic-link code is still usable',
        response: { schema: isCodeValid },
      },
      'POST /auth/otp/sign-in': {
        summary: 'Sign in (or up) with a magic-link code',
        response: { schema: v.object({ ...sessionTokensResponse.entries, is_new_user: v.boolean() }) },
      },
    },
  ),
  ...routeGroup(
    { tag: 'Multi-factor', access: 'client' },
    {
      'POST /auth/mfa/sign-in': {
        summary: "Finish a sign-in that asked for a TOTP code; `totp` also takes one of the user's recovery codes",
        response: {
          schema: v.object({
            ...sessionTokensResponse.entries,
            is_new_user: v.boolean(),
            recovery_codes_remaining: v.optional(v.number()),
          }),
        },
        textErrors: [rateLimited],
      },
      'GET /auth/mfa/recovery-codes': {
        summary: "How many of a user's MFA recovery codes are unused (authd's own; clients: user_id=me)",
        query: v.object({ user_id: v.string() }),
        response: { schema: v.object({ remaining_count: v.number() }) },
        textErrors: [clientOnlyActsOnItself],
      },
      'POST /auth/mfa/recovery-codes': {
        summary: 'Make ten new MFA recovery codes, shown only in this answer; earlier ones stop working',
        body: v.object({ user_id: v.string() }),
        response: { schema: v.object({ codes: v.array(v.string()), remaining_count: v.number() }) },
        textErrors: [clientOnlyActsOnItself, { status: 400, when: 'the user has no TOTP second factor' }],
      },
    },
  ),
  ...routeGroup(
    { tag: 'Passkeys', access: 'client' },
    {
      'POST /auth/passkey/initiate-passkey-registration': {
        summary: 'Start registering a passkey for the signed-in user: WebAuthn creation options and a 65-second challenge code',
        response: { schema: v.object({ options_json: v.looseObject({}), code: v.string() }) },
      },
      'POST /auth/passkey/register': {
        summary: "Finish registering a passkey with the browser's attestation; adds a passkey (an optional name labels it)",
        response: { schema: v.object({ user_handle: v.string() }) },
      },
      'POST /auth/passkey/initiate-passkey-authentication': {
        summary: 'Start a passkey sign-in: WebAuthn request options and a 65-second challenge code',
        response: { schema: v.object({ options_json: v.looseObject({}), code: v.string() }) },
      },
      'POST /auth/passkey/sign-in': {
        summary: "Sign in with the browser's passkey assertion",
        response: { schema: v.object({ ...sessionTokensResponse.entries, is_new_user: v.boolean() }) },
      },
      'GET /passkeys': {
        summary: "A user's passkeys, oldest first (authd's own: Stack has no passkey list)",
        response: { schema: listResponse(passkeyView) },
        textErrors: [clientOnlyActsOnItself],
      },
      'PATCH /passkeys/:user_id/:passkey_id': {
        summary: 'Rename a passkey',
        response: { schema: passkeyView },
        textErrors: [clientOnlyActsOnItself, { status: 404, when: 'no such passkey of this user' }],
      },
      'DELETE /passkeys/:user_id/:passkey_id': {
        summary: 'Remove a passkey; it can no longer sign in',
        response: { schema: successResponse },
        textErrors: [clientOnlyActsOnItself, { status: 404, when: 'no such passkey of this user' }],
      },
    },
  ),
  ...routeGroup(
    { tag: 'Password', access: 'none' },
    {
      'GET /auth/unlock': {
        summary: 'The page an emailed unlock link opens (a button, so mail scanners do not use the code)',
        query: v.object({ project_id: v.optional(v.string()), code: v.optional(v.string()) }),
        response: { mediaType: 'text/html' },
      },
      'POST /auth/unlock': {
        summary: 'Unlock an account paused after many failed sign-ins',
        body: v.object({ project_id: v.string(), code: v.string() }),
        bodyMediaType: 'application/x-www-form-urlencoded',
        response: { mediaType: 'text/html' },
        textErrors: [{ status: 400, when: 'the link is unknown, used or expired (an HTML page says which)' }],
      },
    },
  ),
  ...routeGroup(
    { tag: 'Sessions', access: 'client' },
    {
      'POST /auth/oauth/token': {
        summary: 'OAuth token endpoint: the refresh_token and authorization_code grants',
        access: 'none',
        body: tokenRequestSchema,
        bodyMediaType: 'application/x-www-form-urlencoded',
        response: {
          schema: v.object({
            access_token: v.string(),
            token_type: v.literal('Bearer'),
            expires_in: v.number(),
            scope: v.string(),
            refresh_token: v.optional(v.string()),
          }),
        },
        textErrors: [
          { status: 400, when: 'an authorization_code grant fails: an OAuth error object {error, error_description}' },
        ],
      },
      'POST /auth/sessions/current/refresh': {
        summary: 'A new access token for the refresh token in X-Stack-Refresh-Token',
        response: { schema: accessTokenResponse },
      },
      'DELETE /auth/sessions/current': {
        summary: 'Sign out: end the session of X-Stack-Refresh-Token',
        response: { schema: successResponse },
      },
      'GET /auth/sessions': {
        summary:
          "A user's sessions (one per sign-in), newest first, with when and from where each was last used; the one of X-Stack-Refresh-Token, if sent, is is_current_session (clients: user_id=me)",
        response: {},
        textErrors: [{ status: 403, when: 'a client names another user' }],
      },
      'DELETE /auth/sessions/:session_id': {
        summary: "End one of a user's sessions, every token of that sign-in (clients: their own, user_id=me)",
        response: { schema: successResponse },
        textErrors: [
          { status: 403, when: 'a client names another user' },
          { status: 404, when: 'the user has no such session' },
        ],
      },
      'POST /auth/sessions/current/reauthenticate': {
        summary:
          "authd's own: prove a factor again (password, authenticator code, or a passkey's answer to initiate-passkey-authentication) so this session may make the changes that need a recent sign-in, for the next 10 minutes",
        signedInUser: true,
        response: { schema: v.object({ verified_at_millis: v.number() }) },
        textErrors: [rateLimited],
      },
      'POST /auth/sessions': {
        summary: 'Create a session for a user (impersonation, server-side sign-in)',
        access: 'server',
        response: { schema: v.object({ access_token: v.string(), refresh_token: v.string() }) },
      },
    },
  ),
  ...routeGroup(
    { tag: 'OAuth', access: 'none' },
    {
      'GET /auth/oauth/authorize/:provider_id': {
        summary: 'Start an OAuth sign-in: redirects the browser to the provider (project keys in the query)',
        query: oauthAuthorizeQuerySchema,
        response: { status: 307, redirect: "the provider's authorization page" },
      },
      'GET /auth/oauth/callback/:provider_id': {
        summary: "The provider's redirect back; redirects to the app's redirect_uri with an authorization code",
        response: { status: 307, redirect: "the app's redirect_uri" },
      },
      'POST /auth/oauth/callback/:provider_id': {
        summary: 'The same callback for providers that post it (form_post response mode)',
        bodyMediaType: 'application/x-www-form-urlencoded',
        response: { status: 307, redirect: "the app's redirect_uri" },
      },
    },
  ),
  ...routeGroup(
    { tag: 'Development', access: 'none' },
    {
      'GET /dev-oauth/:provider_id/authorize': {
        summary: 'Development mock provider: its sign-in page (development mode only)',
        response: { mediaType: 'text/html' },
      },
      'POST /dev-oauth/:provider_id/authorize': {
        summary: 'Development mock provider: sign in as the typed identity and redirect back',
        bodyMediaType: 'application/x-www-form-urlencoded',
        response: { status: 302, redirect: "authd's OAuth callback" },
      },
      'POST /dev-oauth/:provider_id/token': {
        summary: 'Development mock provider: token endpoint',
        bodyMediaType: 'application/x-www-form-urlencoded',
        response: { schema: v.object({ access_token: v.string() }) },
      },
      'GET /dev-oauth/:provider_id/userinfo': {
        summary: 'Development mock provider: the signed-in identity',
        response: { schema: v.object({ id: v.string() }) },
      },
    },
  ),
  ...routeGroup(
    { tag: 'OAuth', access: 'client' },
    {
      'POST /connected-accounts/:user_id/:provider_id/access-token': {
        summary: "A provider access token for a user's connected account, refreshed when needed",
        response: { status: 201, schema: v.object({ access_token: v.string() }) },
      },
    },
  ),
  ...routeGroup(
    { tag: 'General', access: 'none' },
    {
      'GET /openapi.json': {
        summary: 'This document: the API described as OpenAPI 3.1',
        response: { schema: v.object({ openapi: v.string(), paths: v.record(v.string(), v.unknown()) }) },
      },
      'GET /docs': {
        summary: 'A page that renders this document for reading in a browser',
        response: { mediaType: 'text/html' },
      },
    },
  ),
};
