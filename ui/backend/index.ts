// @authd/backend: checks authd access tokens on a host app's server (Node ≥ 20, Bun, Deno, edge
// runtimes), with fetch and Web Crypto only. Adapters: @authd/backend/hono, /express, /next.
export {
  accessTokenIssuer,
  createAccessTokenVerifier,
  defaultClockToleranceSeconds,
  defaultJwksMaxAgeSeconds,
  defaultUnknownKeyRefetchCooldownSeconds,
  verifyAccessToken,
  type AccessTokenClaims,
  type AccessTokenVerifier,
  type VerifierOptions,
  type VerifyOptions,
} from './access-token-verifier';
export {
  AccessTokenError,
  BadSignatureError,
  JwksUnavailableError,
  MalformedTokenError,
  TokenExpiredError,
  UnknownKeyError,
  WrongProjectError,
  type AccessTokenErrorCode,
} from './errors';
export { accessTokenFromRequest, getUserFromRequest, type RequestLike, type RequestOptions } from './request-tokens';
