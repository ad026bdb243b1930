// Payload schemas of the admin API for a project's OpenID Provider clients (routes/oidc-clients.ts).
// The URI and scope rules themselves are core's (server/core/oidc/oidc-clients.ts), shared with the CLI.
import * as v from 'valibot';
import { wireObject } from './wire-object';

const name = v.pipe(v.string(), v.trim(), v.nonEmpty('Must not be empty'), v.maxLength(200, 'Must be at most 200 characters'));
const uris = v.pipe(v.array(v.pipe(v.string(), v.maxLength(2000, 'Must be at most 2000 characters'))), v.maxLength(50, 'At most 50 URIs'));
const scopes = v.pipe(v.array(v.string()), v.maxLength(10, 'At most 10 scopes'));

export const oidcClientCreateSchema = wireObject({
  name,
  redirect_uris: uris,
  post_logout_redirect_uris: v.optional(uris),
  allowed_scopes: v.optional(scopes),
  public: v.optional(v.boolean()),
  first_party: v.optional(v.boolean()),
});

export const oidcClientUpdateSchema = wireObject({
  name: v.optional(name),
  redirect_uris: v.optional(uris),
  post_logout_redirect_uris: v.optional(uris),
  allowed_scopes: v.optional(scopes),
  first_party: v.optional(v.boolean()),
});

// Any id shape: an id that is no client of the project is the same OIDC_CLIENT_NOT_FOUND.
export const oidcClientParams = v.strictObject({ client_id: v.pipe(v.string(), v.maxLength(100, 'Must be at most 100 characters')) });
