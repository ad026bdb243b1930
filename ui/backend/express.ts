// @authd/backend/express: an Express (or Connect) middleware that sets `req.authdUser` to the
// signed-in user's claims (or null), and with `required: true` answers 401 itself.
import type { AccessTokenClaims } from './access-token-verifier';
import { getUserFromRequest, type RequestOptions } from './request-tokens';

export interface ExpressMiddlewareOptions extends RequestOptions {
  /** Answer 401 `{ "error": "unauthorized" }` when no valid token is sent. Default false. */
  required?: boolean;
}

/** The parts of Express's request and response it uses; structural, so Express is not a dependency. */
export interface ExpressRequestLike {
  headers: Record<string, string | string[] | undefined>;
  authdUser?: AccessTokenClaims | null;
}
export interface ExpressResponseLike {
  status(code: number): { json(body: unknown): unknown };
}

export function authdExpress(options: ExpressMiddlewareOptions) {
  return (request: ExpressRequestLike, response: ExpressResponseLike, next: (error?: unknown) => void): void => {
    getUserFromRequest(request, options).then(
      (user) => {
        request.authdUser = user;
        if (!user && options.required) response.status(401).json({ error: 'unauthorized' });
        else next();
      },
      // JWKS_UNAVAILABLE: Express's error handler decides (by default a 500).
      (error: unknown) => next(error),
    );
  };
}
