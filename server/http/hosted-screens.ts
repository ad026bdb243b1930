// Serves the prebuilt handler screens (ui/hosted): `/handler/*` for the default project and
// `/projects/{id}/handler/*` for any project. Hashed assets under `{handler}/_assets/`, every
// other path gets index.html with the project's public screen settings (SPA fallback).
import { join, normalize } from 'node:path';
import type { Context } from '../core/context';
import { defaultHostedProjectId, hostedScreensConfig } from '../core/hosted-screens';
import { findProjectRow } from '../core/projects';
import { textResponse } from './error-responses';

const projectHandlerPattern = /^\/projects\/([^/]+)\/handler(?:\/(.*))?$/;
const defaultHandlerPattern = /^\/handler(?:\/(.*))?$/;

/**
 * Where the built screens are: embedded in the compiled binary (scripts/build.ts passes
 * `dist/hosted` as an asset; Bun keeps it as `hosted/` beside the bundle), else `dist/hosted`
 * of the checkout.
 */
function hostedBuildRoot(): string {
  if (import.meta.dir.startsWith('/$bunfs')) return join(import.meta.dir, 'hosted');
  return join(import.meta.dir, '..', '..', 'dist', 'hosted');
}

const buildRoot = hostedBuildRoot();

function runtimeOf(ctx: Context): 'react' | 'preact' {
  return ctx.settings.hostedScreensRuntime ?? (process.env.AUTHD_HOSTED_UI === 'preact' ? 'preact' : 'react');
}

// `<` escaped so that no value can close the script element it sits in.
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const notBuiltText = 'The hosted screens are not built. Run `npm run build` (or `npm start`, which builds them).';

async function serveAsset(runtime: string, assetPath: string): Promise<Response> {
  const base = join(buildRoot, runtime, 'assets');
  const file = normalize(join(base, assetPath));
  if (!file.startsWith(`${base}/`)) return textResponse(404, 'Not found');
  const blob = Bun.file(file);
  if (!(await blob.exists())) return textResponse(404, 'Not found');
  return new Response(blob, {
    headers: {
      'content-type': blob.type,
      // File names carry a content hash.
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}

async function serveIndex(ctx: Context, runtime: string, projectId: string, handlerPath: string): Promise<Response> {
  const template = Bun.file(join(buildRoot, runtime, 'index.html'));
  if (!(await template.exists())) return textResponse(503, notBuiltText);
  const config = hostedScreensConfig(ctx, projectId, handlerPath);
  const html = (await template.text())
    .replaceAll('%AUTHD_ASSETS%', `${handlerPath}/_assets`)
    .replace('%AUTHD_CONFIG%', jsonForScript(config))
    .replace('%AUTHD_TITLE%', 'Sign in');
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    },
  });
}

function decodedPathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The answer for a hosted-screens path, or null when `pathname` is not one. */
export async function hostedScreensResponse(ctx: Context, request: Request, pathname: string): Promise<Response | null> {
  let projectId: string | null;
  let handlerPath: string;
  let rest: string;
  const projectMatch = projectHandlerPattern.exec(pathname);
  const defaultMatch = projectMatch ? null : defaultHandlerPattern.exec(pathname);
  if (projectMatch) {
    projectId = decodedPathSegment(projectMatch[1]!);
    if (projectId === null) return textResponse(404, 'Project not found');
    // Built from the project's own id, checked below, never from the raw path: it goes into the page.
    handlerPath = `/projects/${projectId}/handler`;
    rest = projectMatch[2] ?? '';
  } else if (defaultMatch) {
    projectId = defaultHostedProjectId(ctx);
    handlerPath = '/handler';
    rest = defaultMatch[1] ?? '';
  } else {
    return null;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, `Method ${request.method} is not allowed`);
  const runtime = runtimeOf(ctx);
  if (rest.startsWith('_assets/')) return serveAsset(runtime, rest.slice('_assets/'.length));
  if (projectId === null) return textResponse(404, 'No default project: open /projects/{project id}/handler/sign-in');
  if (!findProjectRow(ctx, projectId)) return textResponse(404, 'Project not found');
  return serveIndex(ctx, runtime, projectId, handlerPath);
}
