// The OpenID Provider's refusals, by the error codes of OAuth 2.0 and OpenID Connect (RFC 6749,
// RFC 6750, RFC 7009 and Connect Core's authentication errors) rather than Stack's catalogue:
// relying parties branch on these exact strings.
export type OidcErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'unsupported_token_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'login_required'
  | 'consent_required'
  | 'invalid_token'
  | 'server_error';

export class OidcError extends Error {
  constructor(
    readonly code: OidcErrorCode,
    readonly description: string,
    /** 401 for a client that failed to authenticate (RFC 6749) or a bad bearer token. */
    readonly status: number = code === 'invalid_client' || code === 'invalid_token' ? 401 : 400,
  ) {
    super(`${code}: ${description}`);
  }

  toJSON(): { error: OidcErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }
}

/** Refusals of an authorization request that must not be sent to its redirect URI (no trusted one). */
export class UntrustedAuthorizationRequest extends Error {}
