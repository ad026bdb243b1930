// @authd/backend/hono: a Hono middleware that puts the signed-in user's claims (or null) in the
// context as `authdUser`, and with `required: true` answers 401 itself.
import type { AccessTokenClaims } from './access-token-verifier';
import { getUserFromRequest, type RequestOptions } from './request-tokens';

export interface HonoMiddlewareOptions extends RequestOptions {
  /** Answer 401 `{ "error": "unauthorized" }` when no valid token is sent. Default false. */
  required?: boolean;
}

/** The part of Hono's Context this middleware uses; structural, so Hono is not a dependency. */
export interface HonoContextLike {
  req: { raw: Request };
  set(key: 'authdUser', value: AccessTokenClaims | null): void;
  json(body: unknown, status?: number): Response;
}

/** The variables it sets, for `new Hono<{ Variables: AuthdVariables }>()`. */
export type AuthdVariables = { authdUser: AccessTokenClaims | null };

export function authdMiddleware(options: HonoMiddlewareOptions) {
  return async (c: HonoContextLike, next: () => Promise<void>): Promise<Response | void> => {
    const user = await getUserFromRequest(c.req.raw, options);
    if (!user && options.required) return c.json({ error: 'unauthorized' }, 401);
    c.set('authdUser', user);
    await next();
  };
}
