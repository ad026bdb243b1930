// Payload schemas of the OAuth endpoints and connected accounts.
import * as v from 'valibot';
import { urlSchema } from './user-schemas';
import { wireObject } from './wire-object';

/** The authorize request as the SDK builds it; unknown parameters are refused. */
export const oauthAuthorizeQuerySchema = v.strictObject({
  client_id: v.pipe(v.string(), v.nonEmpty('client_id is required')),
  client_secret: v.pipe(v.string(), v.nonEmpty('client_secret is required')),
  redirect_uri: urlSchema,
  scope: v.optional(v.string()),
  state: v.pipe(v.string(), v.nonEmpty('state is required'), v.maxLength(512)),
  grant_type: v.optional(v.literal('authorization_code', 'grant_type must be authorization_code')),
  // base64url of a SHA-256 digest is 43 characters (RFC 7636 §4.2).
  code_challenge: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be base64url(SHA-256(verifier))')),
  // Only S256: `plain` would send the verifier itself through the browser.
  code_challenge_method: v.literal('S256', 'code_challenge_method must be S256 (plain is not accepted)'),
  response_type: v.literal('code', 'response_type must be code'),
  type: v.optional(v.picklist(['authenticate', 'link'], 'type must be authenticate or link'), 'authenticate'),
  error_redirect_url: v.optional(urlSchema),
  error_redirect_uri: v.optional(urlSchema),
  after_callback_redirect_url: v.optional(urlSchema),
  token: v.optional(v.string()),
  provider_scope: v.optional(v.string()),
});
export type OAuthAuthorizeQuery = v.InferOutput<typeof oauthAuthorizeQuerySchema>;

export const connectedAccountTokenBodySchema = wireObject({ scope: v.optional(v.string(), '') });
