// Errors the client throws: one class per known-error code, made from the table generated off the
// shared catalogue so that families (e.g. VERIFICATION_ERROR) are superclasses, plus network and
// unexpected-response errors.
import type { ConcreteKnownErrorCode, KnownErrorCode } from '../../server/protocol/known-errors';
import { knownErrorTable } from './known-errors.generated';

function isKnownErrorCode(code: string): code is KnownErrorCode {
  // Own keys only, so that names like "toString" from the prototype are not mistaken for codes.
  return Object.hasOwn(knownErrorTable, code);
}

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

  constructor(code: ConcreteKnownErrorCode, message: string, details?: Record<string, unknown>, status?: number) {
    super(message);
    this.name = code;
    this.code = code;
    this.status = status ?? knownErrorTable[code][0];
    this.details = details;
  }

  /** True when this error is `code` or belongs to the family `code`. */
  is(code: KnownErrorCode): boolean {
    for (let family: KnownErrorCode | '' = this.code; family; family = knownErrorTable[family][1]) {
      if (family === code) return true;
    }
    return false;
  }
}

/** The class of one code; for a family, its instances carry the concrete code of the member. */
export type KnownErrorClass<C extends KnownErrorCode> = (new (
  code: ConcreteKnownErrorCode,
  message: string,
  details?: Record<string, unknown>,
  status?: number,
) => KnownAuthError & { readonly code: C extends ConcreteKnownErrorCode ? C : ConcreteKnownErrorCode }) & {
  prototype: KnownAuthError & { readonly code: C extends ConcreteKnownErrorCode ? C : ConcreteKnownErrorCode };
};

function buildKnownErrorClasses(): { [C in KnownErrorCode]: KnownErrorClass<C> } {
  const classes: Partial<Record<KnownErrorCode, typeof KnownAuthError>> = {};
  const classFor = (code: KnownErrorCode): typeof KnownAuthError => {
    const existing = classes[code];
    if (existing) return existing;
    const nearestParent = knownErrorTable[code][1];
    const Parent = nearestParent ? classFor(nearestParent) : KnownAuthError;
    // A computed key names the class after its code, which shows up in stack traces and consoles.
    const made = { [code]: class extends Parent {} }[code]!;
    classes[code] = made;
    return made;
  };
  for (const code of Object.keys(knownErrorTable) as KnownErrorCode[]) classFor(code);
  return classes as unknown as { [C in KnownErrorCode]: KnownErrorClass<C> };
}

/**
 * One class per known-error code: `error instanceof KnownErrors.EMAIL_PASSWORD_MISMATCH`, and for
 * families `error instanceof KnownErrors.VERIFICATION_ERROR` matches every verification error.
 */
export const KnownErrors = buildKnownErrorClasses();

/** Builds the typed error for a code read off the wire; unknown codes become UNSUPPORTED_ERROR. */
export function knownAuthErrorFromWire(code: string, message: string, details: unknown, status: number): KnownAuthError {
  const detailRecord = details && typeof details === 'object' ? (details as Record<string, unknown>) : undefined;
  if (!isKnownErrorCode(code) || knownErrorTable[code][0] === 0) {
    return new KnownErrors.UNSUPPORTED_ERROR('UNSUPPORTED_ERROR', message, { originalErrorCode: code, ...detailRecord }, status);
  }
  const concreteCode = code as ConcreteKnownErrorCode;
  return new KnownErrors[concreteCode](concreteCode, message, detailRecord, status);
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
