// What an openid-client relying party does before sending the browser to authd's authorization
// endpoint: a fresh PKCE verifier (S256) and state, and the URL that carries them.
import * as oidc from 'openid-client';

export interface PkceAuthorization {
  url: URL;
  verifier: string;
  state: string;
}

export async function pkceAuthorization(
  config: oidc.Configuration,
  request: { redirectUri: string; scope: string; nonce?: string },
): Promise<PkceAuthorization> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: request.redirectUri,
    scope: request.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(request.nonce !== undefined && { nonce: request.nonce }),
  });
  return { url, verifier, state };
}
