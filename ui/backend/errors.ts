// The typed errors @authd/backend throws: one class per reason a token is refused, so a host app
// can answer 401 for a bad token and 503 when authd's keys cannot be fetched.

/** Why an access token was refused; `code` names the reason for logs and switch statements. */
export type AccessTokenErrorCode =
  'MALFORMED_TOKEN' | 'TOKEN_EXPIRED' | 'WRONG_PROJECT' | 'BAD_SIGNATURE' | 'UNKNOWN_KEY' | 'JWKS_UNAVAILABLE';

export class AccessTokenError extends Error {
  readonly code: AccessTokenErrorCode;
  constructor(code: AccessTokenErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Not a JWT, or one without the claims authd puts in every access token. */
export class MalformedTokenError extends AccessTokenError {
  constructor(message = 'The access token is not a well-formed authd access token.', options?: { cause?: unknown }) {
    super('MALFORMED_TOKEN', message, options);
  }
}

/** Past its `exp` (plus the clock tolerance): the client refreshes it and sends the new one. */
export class TokenExpiredError extends AccessTokenError {
  readonly expiredAt: Date | null;
  constructor(expiredAt: Date | null) {
    super('TOKEN_EXPIRED', `The access token expired${expiredAt ? ` at ${expiredAt.toISOString()}` : ''}.`);
    this.expiredAt = expiredAt;
  }
}

/** Issued for another project (its `aud`), or by another issuer. */
export class WrongProjectError extends AccessTokenError {
  readonly tokenProjectId: string | null;
  constructor(tokenProjectId: string | null, message?: string) {
    super('WRONG_PROJECT', message ?? `The access token belongs to another project (${tokenProjectId ?? 'none'}).`);
    this.tokenProjectId = tokenProjectId;
  }
}

/** The signature does not match the payload, or the token asks for an algorithm other than ES256 (`none` included). */
export class BadSignatureError extends AccessTokenError {
  constructor(message = 'The access token signature is not valid.', options?: { cause?: unknown }) {
    super('BAD_SIGNATURE', message, options);
  }
}

/** Signed with a key the project's JWKS does not list, even after fetching it again. */
export class UnknownKeyError extends AccessTokenError {
  readonly keyId: string;
  constructor(keyId: string) {
    super('UNKNOWN_KEY', `The access token was signed with key ${keyId}, which the project does not publish.`);
    this.keyId = keyId;
  }
}

/** authd's JWKS could not be fetched or read: a problem of the host's server, not of the token. */
export class JwksUnavailableError extends AccessTokenError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('JWKS_UNAVAILABLE', message, options);
  }
}
