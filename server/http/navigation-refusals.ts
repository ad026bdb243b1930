// Refusals of the OAuth navigations (authorize, the provider's callback, the development
// provider's form): a person's browser is sent on to the project's hosted error card with the
// error's code and words; any other caller (the SDK, fetch, tests) keeps the wire's JSON or text answer.
import type { Context } from '../core/storage/context';
import { projectExists } from '../core/projects/projects';
import { defaultHostedProjectId } from '../core/projects/hosted-screens';
import { KnownError } from '../protocol/known-errors';
import { PlainTextError } from '../protocol/plain-text-errors';

/**
 * A top-level browser navigation: `Sec-Fetch-Mode: navigate` when the browser sends the
 * fetch-metadata headers (every current browser does on a trustworthy origin); without them, an
 * `Accept` naming `text/html`, which browsers send for page loads and fetch() or the SDK do not.
 */
export function isBrowserNavigation(request: Request): boolean {
  const mode = request.headers.get('sec-fetch-mode');
  if (mode !== null) return mode === 'navigate';
  return (request.headers.get('accept') ?? '').includes('text/html');
}

/** The code, words and details the error card shows; null for anything that is not a refusal (a 500 stays one). */
function cardErrorOf(error: unknown): { code: string; message: string; details: unknown } | null {
  if (error instanceof KnownError) return { code: error.code, message: error.message, details: error.details ?? {} };
  if (error instanceof PlainTextError) return { code: error.errorName, message: error.message, details: {} };
  return null;
}

/**
 * `{handler}/error?errorCode=…&message=…&details=…` on authd's public origin: the named project's
 * screens when it exists (`/handler` for the default project, as its sign-in page is), else the
 * default project's; null when there is no project to show one.
 */
async function hostedErrorCardUrl(
  ctx: Context,
  publicOrigin: string,
  projectId: string | null,
  error: { code: string; message: string; details: unknown },
): Promise<string | null> {
  const defaultProjectId = await defaultHostedProjectId(ctx);
  let handlerPath: string;
  if (projectId !== null && projectId === defaultProjectId) handlerPath = '/handler';
  else if (projectId !== null && (await projectExists(ctx, projectId)))
    handlerPath = `/projects/${encodeURIComponent(projectId)}/handler`;
  else if (defaultProjectId !== null) handlerPath = '/handler';
  else return null;
  const url = new URL(`${handlerPath}/error`, publicOrigin);
  url.searchParams.set('errorCode', error.code);
  url.searchParams.set('message', error.message);
  url.searchParams.set('details', JSON.stringify(error.details));
  return url.toString();
}

/**
 * The 303 to the error card for a refusal met by a browser navigation, or null: the caller then
 * answers as the wire says (or rethrows). `projectId` is the project the request names, if any.
 */
export async function navigationRefusal(
  ctx: Context,
  request: Request,
  publicOrigin: string,
  projectId: string | null,
  error: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response | null> {
  if (!isBrowserNavigation(request)) return null;
  const cardError = cardErrorOf(error);
  if (cardError === null) return null;
  const location = await hostedErrorCardUrl(ctx, publicOrigin, projectId, cardError);
  if (location === null) return null;
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', ...extraHeaders } });
}

/** The project an OAuth state names: states are `{project id}.{code}` (authorization-flow.ts). */
export function projectOfState(state: string | undefined): string | null {
  const separator = (state ?? '').indexOf('.');
  return separator > 0 ? state!.slice(0, separator) : null;
}
