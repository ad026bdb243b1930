// The addresses of this authd instance, as the OAuth flow and the provider table need them.

/**
 * Where authd is reached: by browsers (for redirects) and by itself (the development mock's
 * token and user-info endpoints). Worked out from configuration and the listening address,
 * never from the request's Host header (server/http/own-origins.ts).
 */
export interface AuthdOrigins {
  public: string;
  local: string;
  /** Every origin of this instance a browser may be sent back to. */
  browserOrigins: readonly string[];
}
