// The provider's metadata (OpenID Connect Discovery 1.0 section 3): every endpoint under the
// project's issuer, and what this provider supports, so relying parties configure themselves.
import type { Context } from '../storage/context';
import { requireProject } from '../projects/projects';
import { oidcIssuer } from './oidc-issuer';
import { oidcScopes } from './oidc-scopes';
import { supportedLocales } from '../../protocol/locales';

export async function discoveryDocument(ctx: Context, projectId: string): Promise<Record<string, unknown>> {
  await requireProject(ctx, projectId);
  const issuer = oidcIssuer(ctx, projectId);
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    revocation_endpoint: `${issuer}/revoke`,
    end_session_endpoint: `${issuer}/end-session`,
    scopes_supported: [...oidcScopes],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    // The project's existing ES256 keys; Grafana, Gitea and oauth2-proxy all verify ES256.
    id_token_signing_alg_values_supported: ['ES256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
    prompt_values_supported: ['none', 'login', 'consent'],
    // The consent and refusal pages take `ui_locales` first, then the user's and the browser's languages.
    ui_locales_supported: supportedLocales,
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'amr', 'azp', 'name', 'picture', 'email', 'email_verified', 'teams', 'groups'],
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    authorization_response_iss_parameter_supported: true,
  };
}
