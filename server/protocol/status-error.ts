// Errors the wire sends as plain text with a status and no known-error code (wire §2.3,
// "status errors"), such as "Duplicated domain found". The SDK turns them into generic errors.
export class StatusError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'StatusError';
    this.status = status;
  }
}

/** 429 with Retry-After: the SDK waits that long and retries (wire §10). */
export class RateLimitedError extends StatusError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
