// Serves the prebuilt admin console (ui/console) at `/admin`: hashed assets under
// `/admin/_assets/`, every other path gets index.html (the console routes in the browser). The
// page carries only what the internal project's hosted sign-in already publishes (its project id
// and publishable client key); everything the console does goes through the public API with the
// signed-in admin's access token. Also sends the console paths the API names in
// `relative_fix_url` (`/projects/{id}/domains`, …) to the console page that fixes them.
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Context } from '../core/storage/context';
import { hostedScreensPublishableKey } from '../core/projects/hosted-screens';
import { findProjectRow, internalProjectId } from '../core/projects/projects';
import { WriteInvalidatedCache } from '../core/storage/write-invalidated-cache';
import { textResponse } from './error-responses';
import { pageShellHeaders, preparePage, serveHashedFile, servePreparedPage, type PreparedPage } from './compressed-assets';
import { consoleBasePath, consolePagesOfProject, type ConsoleConfig } from '../protocol/admin-console-config';

const consolePattern = /^\/admin(?:\/(.*))?$/;
/** `/projects/{id}/{page}` for a console page (never `handler`, the hosted screens' own prefix). */
const projectPagePattern = /^\/projects\/([^/]+)\/([a-z-]+)(\/.*)?$/;

/** Embedded in the compiled binary as `console/` beside the bundle (scripts/build.ts), else `dist/console`. */
function consoleBuildRoot(): string {
  if (import.meta.dir.startsWith('/$bunfs')) return join(import.meta.dir, 'console');
  return join(import.meta.dir, '..', '..', 'dist', 'console');
}

const buildRoot = consoleBuildRoot();
const notBuiltText = 'The admin console is not built. Run `npm run build` (or `npm start`, which builds it).';

let template: string | null | undefined;

function pageTemplate(): string | null {
  if (template === undefined) {
    const file = join(buildRoot, 'index.html');
    template = existsSync(file) ? readFileSync(file, 'utf8') : null;
  }
  return template;
}

// `<` escaped so that no value can close the script element it sits in.
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

// One page for every console path until the next write (which may have revoked the key it names).
const preparedPages = new WriteInvalidatedCache<PreparedPage | Response>(4);

async function serveIndex(ctx: Context, request: Request): Promise<Response> {
  const html = pageTemplate();
  if (html === null) return textResponse(503, notBuiltText);
  const prepared = await preparedPages.get(ctx, 'console', async () => {
    if (!(await findProjectRow(ctx, internalProjectId))) return textResponse(503, 'The internal project is not set up yet.');
    const config: ConsoleConfig = {
      internalProjectId,
      publishableClientKey: await hostedScreensPublishableKey(ctx, internalProjectId),
      signInPath: `/projects/${internalProjectId}/handler/sign-in`,
    };
    return preparePage(html.replace('%AUTHD_CONSOLE_CONFIG%', () => jsonForScript(config)));
  });
  if (prepared instanceof Response) return prepared.clone();
  return servePreparedPage(request, prepared, pageShellHeaders);
}

async function serveAsset(request: Request, assetPath: string): Promise<Response> {
  const base = join(buildRoot, 'assets');
  const file = normalize(join(base, assetPath));
  if (!file.startsWith(`${base}/`) || /\.(br|gz)$/.test(file)) return textResponse(404, 'Not found');
  return await serveHashedFile(request, file);
}

/** The answer for a console path (or a project page path the API links to), or null when `pathname` is neither. */
export async function adminConsoleResponse(ctx: Context, request: Request, pathname: string): Promise<Response | null> {
  const fixLink = projectPagePattern.exec(pathname);
  if (fixLink && consolePagesOfProject.includes(fixLink[2]!)) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, `Method ${request.method} is not allowed`);
    // Rebuilt from the matched parts (a page name from the list, the id encoded), never echoed raw.
    const id = encodeURIComponent(decodeURIComponentOrNull(fixLink[1]!) ?? '');
    const rest = fixLink[3] ? fixLink[3].split('/').map((part) => encodeURIComponent(decodeURIComponentOrNull(part) ?? '')).join('/') : '';
    return new Response(null, {
      status: 302,
      headers: { location: `${consoleBasePath}/projects/${id}/${fixLink[2]}${rest}`, 'cache-control': 'no-store' },
    });
  }
  const match = consolePattern.exec(pathname);
  if (!match) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, `Method ${request.method} is not allowed`);
  const rest = match[1] ?? '';
  if (rest.startsWith('_assets/')) return await serveAsset(request, rest.slice('_assets/'.length));
  return await serveIndex(ctx, request);
}

function decodeURIComponentOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
