// Errors the client throws: KnownAuthError for every known-error code (its families from the
// table generated off the shared catalogue), plus network and unexpected-response errors. The
// class of each code (`KnownErrors`, known-error-classes.ts) is loaded by whoever names one.
import type { ConcreteKnownErrorCode, KnownErrorCode } from '../../server/protocol/known-errors';
import { knownErrorParents } from './known-error-families.generated';

/** Base of every error this library throws. */
export class AuthClientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AuthClientError';
  }
}

/** A known error answered by authd: `code`, HTTP `status`, `message` and `details`. */
export class KnownAuthError extends AuthClientError {
  readonly code: ConcreteKnownErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ConcreteKnownErrorCode, message: string, details: Record<string, unknown> | undefined, status: number) {
    super(message);
    this.name = code;
    this.code = code;
    this.status = status;
    this.details = details;
  }

  /** True when this error is `code` or belongs to the family `code`. */
  is(code: KnownErrorCode): boolean {
    for (let family: KnownErrorCode | undefined = this.code; family; family = knownErrorParents[family]) {
      if (family === code) return true;
    }
    return false;
  }
}

type WireErrorBuilder = (
  code: string,
  message: string,
  details: Record<string, unknown> | undefined,
  status: number,
) => KnownAuthError;

/**
 * How errors read off the wire are built. Plain KnownAuthErrors until known-error-classes.ts is
 * loaded (an app that imports `KnownErrors` to test `instanceof`); it then builds each as its
 * code's class and turns a code this library does not know into UNSUPPORTED_ERROR. The hosted
 * screens never name a class, and so never download the 91 codes' names (0.4 KB of a first load).
 */
let buildWireError: WireErrorBuilder = (code, message, details, status) =>
  new KnownAuthError(code as ConcreteKnownErrorCode, message, details, status);

/** Called once by known-error-classes.ts as it loads. */
export function buildWireErrorsWith(builder: WireErrorBuilder): void {
  buildWireError = builder;
}

/** Builds the typed error for a code read off the wire. */
export function knownAuthErrorFromWire(code: string, message: string, details: unknown, status: number): KnownAuthError {
  const detailRecord = details && typeof details === 'object' ? (details as Record<string, unknown>) : undefined;
  return buildWireError(code, message, detailRecord, status);
}

/** Type guard: `error` is a known error of `code` or of the family `code`. */
export function isKnownError<C extends KnownErrorCode>(
  error: unknown,
  code: C,
): error is KnownAuthError & { readonly code: C extends ConcreteKnownErrorCode ? C : ConcreteKnownErrorCode } {
  return error instanceof KnownAuthError && error.is(code);
}

/** The attempt code of a sign-in that answered MULTI_FACTOR_AUTHENTICATION_REQUIRED, else null. */
export function mfaAttemptCode(error: unknown): string | null {
  if (!isKnownError(error, 'MULTI_FACTOR_AUTHENTICATION_REQUIRED')) return null;
  const attemptCode = error.details?.attempt_code;
  return typeof attemptCode === 'string' ? attemptCode : null;
}

/** authd answered with something that is not a known error (a plain-text status error, or a malformed body). */
export class UnexpectedResponseError extends AuthClientError {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, context: string) {
    super(`${context} failed with HTTP ${status}${body ? `: ${body}` : ''}`);
    this.name = 'UnexpectedResponseError';
    this.status = status;
    this.body = body;
  }
}

/**
 * authd refused the call for now (HTTP 429) and asked for a wait longer than the client waits
 * out by itself: the app should say so, with the wait, rather than look stuck.
 */
export class RateLimitedError extends AuthClientError {
  /** Seconds until a new try may succeed, when the server said (Retry-After). */
  readonly retryAfterSeconds: number | null;

  constructor(message: string, retryAfterSeconds: number | null) {
    super(message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** authd could not be reached: after every retry, or at once when the browser is offline. */
export class NetworkError extends AuthClientError {
  readonly offline: boolean;
  readonly attempts: number;

  constructor(message: string, options: { offline: boolean; attempts: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'NetworkError';
    this.offline = options.offline;
    this.attempts = options.attempts;
  }
}

/** The message for an OAuth callback whose `code`, `state` or verifier cookie is missing or mismatched. */
export const invalidOAuthCallbackMessage =
  'Invalid OAuth callback URL parameters. It seems like the OAuth flow was interrupted, so please try again.';

/** The OAuth callback page was reached without a matching `code`, `state` and verifier cookie. */
export class OAuthCallbackError extends AuthClientError {
  readonly reason: 'missing-parameters' | 'unknown-state';

  constructor(reason: 'missing-parameters' | 'unknown-state') {
    super(invalidOAuthCallbackMessage);
    this.name = 'OAuthCallbackError';
    this.reason = reason;
  }
}
