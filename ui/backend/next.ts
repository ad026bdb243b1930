// @authd/backend/next: for Next.js route handlers (`withAuthdUser`) and middleware
// (`authdNextMiddleware`), with nothing of Next imported: both speak Fetch Request/Response.
import type { AccessTokenClaims } from './access-token-verifier';
import { getUserFromRequest, type RequestOptions } from './request-tokens';

/**
 * Wraps a route handler: it gets the signed-in user's claims (or null) as a third argument.
 * With `required: true` a request without a valid token gets 401 and the handler is not called.
 */
export function withAuthdUser<Context>(
  handler: (request: Request, context: Context, user: AccessTokenClaims | null) => Response | Promise<Response>,
  options: RequestOptions & { required?: boolean },
) {
  return async (request: Request, context: Context): Promise<Response> => {
    const user = await getUserFromRequest(request, options);
    if (!user && options.required) return Response.json({ error: 'unauthorized' }, { status: 401 });
    return handler(request, context, user);
  };
}

export interface NextMiddlewareOptions extends RequestOptions {
  /** Where a visitor without a valid token is sent, with `after_auth_return_to`; default `/handler/sign-in`. */
  signInPath?: string;
}

/**
 * A Next.js middleware: lets signed-in requests through (returns undefined) and redirects the
 * others to the sign-in page. Use `config.matcher` to choose the paths it guards.
 */
export function authdNextMiddleware(options: NextMiddlewareOptions) {
  return async (request: Request): Promise<Response | undefined> => {
    if (await getUserFromRequest(request, options)) return undefined;
    const url = new URL(request.url);
    const signIn = new URL(options.signInPath ?? '/handler/sign-in', url);
    signIn.searchParams.set('after_auth_return_to', url.pathname + url.search);
    return Response.redirect(signIn, 307);
  };
}
