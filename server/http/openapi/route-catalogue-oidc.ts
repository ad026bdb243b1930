// The OpenID Provider's endpoints (routes/oidc.ts): OAuth and OpenID Connect wire formats, with
// the RFC error codes of server/protocol/oidc-errors.ts rather than known errors; and the admin
// API for its clients (routes/oidc-clients.ts).
import * as v from 'valibot';
import { listResponse, successResponse } from '../../protocol/response-schemas';
import { routeGroup, type RouteDescription } from './route-description';

const base = '/projects/:project_id/oidc';
const tag = 'OpenID Provider';
const tokenResponse = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  expires_in: v.number(),
  id_token: v.string(),
  scope: v.string(),
  refresh_token: v.optional(v.string()),
});
const claims = v.objectWithRest({ sub: v.string() }, v.unknown());
const authorizationQuery = v.object({
  client_id: v.string(),
  redirect_uri: v.string(),
  response_type: v.literal('code'),
  scope: v.string(),
  state: v.optional(v.string()),
  nonce: v.optional(v.string()),
  code_challenge: v.optional(v.string()),
  code_challenge_method: v.optional(v.literal('S256')),
  prompt: v.optional(v.string()),
  max_age: v.optional(v.string()),
});
const clientAuthentication = { client_id: v.optional(v.string()), client_secret: v.optional(v.string()) };
const textErrors = [
  {
    status: 400,
    when: 'an OAuth error (invalid_request, invalid_grant, ...), or 401 invalid_client: a JSON body { error, error_description }',
  },
];

export const oidcRouteCatalogue: Record<string, RouteDescription> = {
  ...routeGroup(
    { tag, access: 'none' },
    {
      [`GET ${base}/.well-known/openid-configuration`]: {
        summary: "The project's OpenID Provider metadata (Discovery 1.0)",
        response: {
          schema: v.objectWithRest(
            { issuer: v.string(), authorization_endpoint: v.string(), token_endpoint: v.string(), jwks_uri: v.string() },
            v.unknown(),
          ),
        },
      },
      [`GET ${base}/jwks`]: {
        summary: "The keys that verify the provider's ID tokens (the project's ES256 keys)",
        response: { schema: v.object({ keys: v.array(v.object({ kty: v.string(), kid: v.string() })) }) },
        textErrors: [{ status: 404, when: 'the project does not exist' }],
      },
      [`GET ${base}/authorize`]: {
        summary: 'Authorization endpoint: code flow with PKCE; signs the user in and asks consent, then redirects with a code',
        ownErrorFormat: 'oauth',
        query: authorizationQuery,
        response: {
          status: 303,
          redirect: 'the hosted sign-in, or the redirect URI with code (or error), state and iss',
          mediaType: 'text/html',
        },
        textErrors: [{ status: 400, when: 'an HTML error page: unknown client or unregistered redirect URI (never redirected)' }],
      },
      [`POST ${base}/authorize`]: {
        summary: "The consent screen's decision (decision=allow|deny with the authorization request's parameters)",
        ownErrorFormat: 'oauth',
        body: v.object({ ...authorizationQuery.entries, decision: v.optional(v.picklist(['allow', 'deny'])) }),
        bodyMediaType: 'application/x-www-form-urlencoded',
        response: { status: 303, redirect: 'the redirect URI with code (or error=access_denied), state and iss' },
        textErrors: [{ status: 400, when: 'an HTML error page: unknown client or unregistered redirect URI' }],
      },
      [`POST ${base}/token`]: {
        summary: 'Token endpoint: authorization_code (with PKCE) and refresh_token (rotated) grants',
        ownErrorFormat: 'oauth',
        body: v.object({
          grant_type: v.picklist(['authorization_code', 'refresh_token']),
          code: v.optional(v.string()),
          redirect_uri: v.optional(v.string()),
          code_verifier: v.optional(v.string()),
          refresh_token: v.optional(v.string()),
          ...clientAuthentication,
        }),
        bodyMediaType: 'application/x-www-form-urlencoded',
        response: { schema: tokenResponse },
        textErrors,
      },
      [`GET ${base}/userinfo`]: {
        summary: 'The claims of the bearer token’s user, by its scopes',
        ownErrorFormat: 'oauth',
        response: { schema: claims },
        textErrors: [{ status: 401, when: 'invalid_token (WWW-Authenticate: Bearer)' }],
      },
      [`POST ${base}/userinfo`]: {
        summary: 'The claims of the bearer token’s user, by its scopes (POST form)',
        ownErrorFormat: 'oauth',
        response: { schema: claims },
        textErrors: [{ status: 401, when: 'invalid_token (WWW-Authenticate: Bearer)' }],
      },
      [`POST ${base}/revoke`]: {
        summary: 'Revocation (RFC 7009): a refresh or access token ends its grant',
        ownErrorFormat: 'oauth',
        body: v.object({ token: v.string(), token_type_hint: v.optional(v.string()), ...clientAuthentication }),
        bodyMediaType: 'application/x-www-form-urlencoded',
        response: { status: 200 },
        textErrors,
      },
      [`GET ${base}/end-session`]: {
        summary: 'RP-initiated logout: ends the authd session, then redirects to a registered post-logout URI',
        ownErrorFormat: 'oauth',
        query: v.object({
          id_token_hint: v.optional(v.string()),
          client_id: v.optional(v.string()),
          post_logout_redirect_uri: v.optional(v.string()),
          state: v.optional(v.string()),
        }),
        response: {
          status: 303,
          redirect: 'the post_logout_redirect_uri with state, or a signed-out page',
          mediaType: 'text/html',
        },
        textErrors: [{ status: 400, when: 'an HTML error page: unregistered post-logout URI or a bad id_token_hint' }],
      },
      'GET /users/me/connected-apps': {
        summary:
          "The signed-in user's connected apps: the OpenID Provider clients they approved on the consent screen, with the scopes and when",
        access: 'client',
        signedInUser: true,
        response: {
          schema: listResponse(
            v.object({
              client_id: v.string(),
              client_name: v.string(),
              scopes: v.array(v.string()),
              consented_at_millis: v.number(),
            }),
          ),
        },
      },
      'DELETE /users/me/connected-apps/:client_id': {
        summary:
          'Disconnect an app: forget the consent (the next sign-in through it asks again) and revoke its tokens for this user',
        access: 'client',
        signedInUser: true,
        response: { schema: successResponse },
        textErrors: [{ status: 404, when: 'the user has not approved this app' }],
      },
    },
  ),
};

// The admin API for the provider's clients (routes/oidc-clients.ts).
const clientTag = 'OpenID Provider clients';
const oidcClientResponse = v.object({
  client_id: v.string(),
  name: v.string(),
  type: v.picklist(['confidential', 'public']),
  redirect_uris: v.array(v.string()),
  post_logout_redirect_uris: v.array(v.string()),
  allowed_scopes: v.array(v.string()),
  first_party: v.boolean(),
  created_at_millis: v.number(),
  issuer: v.string(),
});
const oidcClientCreatedResponse = v.object({ ...oidcClientResponse.entries, client_secret: v.optional(v.string()) });
const clientInputErrors = [
  {
    status: 400,
    when: 'a redirect URI that is not absolute https (http only for localhost) or has a fragment, no redirect URI, or an unknown scope',
  },
];
const noSuchClient = { status: 404, when: 'no such client in this project' };

export const oidcClientRouteCatalogue: Record<string, RouteDescription> = {
  ...routeGroup(
    { tag: clientTag, access: 'admin' },
    {
      'GET /oidc-clients': {
        summary: "The project's OpenID Provider clients, oldest first (no secrets)",
        response: { schema: v.object({ items: v.array(oidcClientResponse), is_paginated: v.literal(false) }) },
      },
      'POST /oidc-clients': {
        summary: 'Register a client; a confidential client’s secret is in this answer only, with the issuer',
        response: { status: 201, schema: oidcClientCreatedResponse },
        textErrors: clientInputErrors,
      },
      'GET /oidc-clients/:client_id': {
        summary: 'One client (no secret)',
        response: { schema: oidcClientResponse },
        textErrors: [noSuchClient],
      },
      'PATCH /oidc-clients/:client_id': {
        summary: 'Change a client; given fields replace the current values',
        response: { schema: oidcClientResponse },
        textErrors: [...clientInputErrors, noSuchClient],
      },
      'DELETE /oidc-clients/:client_id': {
        summary: 'Remove a client with every grant and consent it had',
        response: { schema: v.object({ success: v.literal(true) }) },
        textErrors: [noSuchClient],
      },
    },
  ),
};
