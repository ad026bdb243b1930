// Serves the prebuilt handler screens (ui/hosted): `/handler/*` for the default project and
// `/projects/{id}/handler/*` for any project. Hashed assets under `{handler}/_assets/`, every
// other path gets index.html with the project's public screen settings (SPA fallback).
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Context } from '../core/storage/context';
import { defaultHostedProjectId, hostedScreensConfig } from '../core/projects/hosted-screens';
import { findProjectRow } from '../core/projects/projects';
import { textResponse } from './error-responses';
import { pageShellHeaders, preparePage, serveHashedFile, servePreparedPage, type PreparedPage } from './compressed-assets';
import { WriteInvalidatedCache } from '../core/storage/write-invalidated-cache';
import { hostedDocumentTitle, isHostedScreen, type HostedScreen, type HostedScreensConfig } from '../protocol/hosted-screens-config';
import { localeFromAcceptLanguage, matchLocale, textDirectionOf, type Locale } from '../protocol/locales';
import { screensByLocale } from '../protocol/messages/all-locales';
import { escapeHtml } from '../protocol/html-escape';
import { carriesImpersonationMarker, impersonationBanner } from './impersonation-banner';

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

/** preact/compat by default (a third of React's weight); `AUTHD_HOSTED_UI=react` serves React. */
function runtimeOf(ctx: Context): 'react' | 'preact' {
  return ctx.settings.hostedScreensRuntime ?? (process.env.AUTHD_HOSTED_UI === 'react' ? 'react' : 'preact');
}

// `<` escaped so that no value can close the script element it sits in.
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const notBuiltText = 'The hosted screens are not built. Run `npm run build` (or `npm start`, which builds them).';

async function serveAsset(request: Request, runtime: string, assetPath: string): Promise<Response> {
  const base = join(buildRoot, runtime, 'assets');
  const file = normalize(join(base, assetPath));
  // Only the built files themselves: not outside the folder, not a compressed copy by its own name.
  if (!file.startsWith(`${base}/`) || /\.(br|gz)$/.test(file)) return textResponse(404, 'Not found');
  return serveHashedFile(request, file);
}

// The page template of each runtime, read once (null when the screens are not built).
const templates = new Map<string, string | null>();
function pageTemplate(runtime: string): string | null {
  if (!templates.has(runtime)) {
    const file = join(buildRoot, runtime, 'index.html');
    templates.set(runtime, existsSync(file) ? readFileSync(file, 'utf8') : null);
  }
  return templates.get(runtime)!;
}

// Each runtime's version of the messages JSON, as the build named them (null: not built).
const messagesVersions = new Map<string, string | null>();

function messagesVersion(runtime: string): string | null {
  if (!messagesVersions.has(runtime)) {
    const file = join(buildRoot, runtime, 'messages.json');
    messagesVersions.set(runtime, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : null);
  }
  return messagesVersions.get(runtime)!;
}

// Each built message file as text, read once (runtime, catalogue and locale in its name).
const messageFiles = new Map<string, string | null>();

function builtMessages(runtime: string, area: string, locale: Locale): string | null {
  const name = `messages-${messagesVersion(runtime)}-${area}-${locale}.json`;
  const key = `${runtime}/${name}`;
  if (!messageFiles.has(key)) {
    const file = join(buildRoot, runtime, 'assets', name);
    messageFiles.set(key, existsSync(file) ? readFileSync(file, 'utf8') : null);
  }
  return messageFiles.get(key)!;
}

/**
 * A screen's page is the same for every visitor until the project's settings change, so it is
 * made and compressed once and kept in memory until the next database write (which may have been
 * such a change): a page load then costs a cache lookup, not three queries and a compression.
 */
const preparedPages = new WriteInvalidatedCache<PreparedPage | Response>(2_000);

/** What a page's request says about its language: the `lang` parameter and Accept-Language, each matched or null. */
export interface PageLanguageRequest {
  queryLocale: Locale | null;
  acceptLanguageLocale: Locale | null;
}

function pageLanguageRequest(request: Request): PageLanguageRequest {
  return {
    queryLocale: matchLocale(new URL(request.url).searchParams.get('lang')),
    acceptLanguageLocale: localeFromAcceptLanguage(request.headers.get('accept-language')),
  };
}

/** The catalogues a screen shows besides `screens` (ui/react/i18n/messages-context.ts): written into its page with it. */
const screenCataloguesOf: Partial<Record<HostedScreen, string[]>> = {
  'sign-in': ['auth', 'forms'],
  'sign-up': ['auth', 'forms'],
  'sign-out': ['pages'],
  'forgot-password': ['pages', 'forms'],
  'password-reset': ['pages', 'forms'],
  'email-verification': ['pages'],
  'magic-link-callback': ['pages', 'auth'],
  'oauth-callback': ['pages'],
  error: ['pages'],
  'team-invitation': ['pages'],
  'account-settings': ['settings'],
};

/** Account settings' items whose first screen shows catalogues of their own besides `settings`. */
const settingsItemCatalogues: Record<string, string[]> = {
  security: ['security'],
  teams: ['teams', 'forms'],
  'connected-apps': ['connectedApps'],
};

/**
 * The catalogues written into a page: `screens`, the screen's own, and for account settings the
 * item's (`account-settings/security/...` shows the Security item first).
 */
function pageCatalogues(screen: string, item: string): string[] {
  const own = screenCataloguesOf[screen as HostedScreen] ?? [];
  const ofItem = screen === 'account-settings' ? (settingsItemCatalogues[item] ?? []) : [];
  return ['screens', ...own, ...ofItem];
}

async function renderPage(
  ctx: Context,
  runtime: string,
  template: string,
  projectId: string,
  handlerPath: string,
  page: string,
  catalogues: string[],
  language: PageLanguageRequest,
): Promise<string> {
  const projectConfig = await hostedScreensConfig(ctx, projectId, handlerPath);
  const locale = language.queryLocale ?? language.acceptLanguageLocale ?? projectConfig.projectLocale;
  const messagesBase = `${handlerPath}/_assets/messages-${messagesVersion(runtime) ?? 'unbuilt'}-`;
  const config: HostedScreensConfig = {
    ...projectConfig,
    locale,
    localeFromQuery: language.queryLocale !== null,
    acceptLanguageLocale: language.acceptLanguageLocale,
    messagesBase,
  };
  // One pass with function replacers: no value can bring in a placeholder or a `$&` pattern.
  const values: Record<string, string> = {
    AUTHD_ASSETS: `${handlerPath}/_assets`,
    AUTHD_CONFIG: jsonForScript(config),
    AUTHD_TITLE: escapeHtml(hostedDocumentTitle(page, config.projectName, locale, screensByLocale[locale])),
    AUTHD_PROJECT_NAME: escapeHtml(config.projectName),
    AUTHD_LANG: locale,
    // The messages the page's first screen shows, in its language, written into the page: one
    // compressed answer instead of one per catalogue, and nothing to fetch before the first render.
    // (Another locale, such as the signed-in user's own, is fetched from the same files.)
    AUTHD_MESSAGES: jsonForScript(
      Object.fromEntries(
        catalogues.map((area) => [area, JSON.parse(builtMessages(runtime, area, locale) ?? 'null')]),
      ),
    ),
    AUTHD_DIR: textDirectionOf(locale),
  };
  return template.replace(/%(AUTHD_[A-Z_]+)%/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/**
 * `projectId` is worked out only when the page is not in memory: which project `/handler` shows
 * and whether a project exists change only with a write, which empties the cache.
 */
async function serveIndex(ctx: Context, request: Request, runtime: string, projectId: () => Promise<string | null> | string | null, handlerPath: string, path: string): Promise<Response> {
  const [page = '', item = ''] = path.split('/');
  const template = pageTemplate(runtime);
  if (template === null) return textResponse(503, notBuiltText);
  // Only the known screens have pages of their own (their titles); any other path gets the
  // fallback one, so made-up paths cannot fill the cache or cost a compression each.
  const screen = isHostedScreen(page) ? page : '';
  // The language parts are matched against the supported locales first, so the cache holds a
  // bounded number of pages per screen whatever the requests send.
  const language = pageLanguageRequest(request);
  const languageKey = `${language.queryLocale ?? '-'} ${language.acceptLanguageLocale ?? '-'}`;
  const catalogues = pageCatalogues(screen, item);
  if (carriesImpersonationMarker(request)) {
    const withBanner = await impersonationPage(ctx, request, runtime, template, projectId, handlerPath, screen, catalogues, language);
    if (withBanner) return withBanner;
  }
  const prepared = await preparedPages.get(ctx, `${runtime} ${handlerPath} ${catalogues.join('+')} ${screen} ${languageKey}`, async () => {
    const id = await projectId();
    if (id === null) return textResponse(404, 'No default project: open /projects/{project id}/handler/sign-in');
    if (!await findProjectRow(ctx, id)) return textResponse(404, 'Project not found');
    return preparePage(await renderPage(ctx, runtime, template, id, handlerPath, screen, catalogues, language));
  });
  // A refusal is kept as its answer; a Response body can be read once, so each visitor gets a copy.
  if (prepared instanceof Response) return prepared.clone();
  return servePreparedPage(request, prepared, {
    ...pageShellHeaders,
    // The page's language follows the request's Accept-Language.
    vary: 'Accept-Language',
  });
}

/**
 * The page of an impersonation session: the banner written in after `<body>`, for this visitor
 * alone (never cached, never stored); null for any other session, which gets the cached page.
 */
async function impersonationPage(
  ctx: Context,
  request: Request,
  runtime: string,
  template: string,
  projectId: () => Promise<string | null> | string | null,
  handlerPath: string,
  screen: string,
  catalogues: string[],
  language: PageLanguageRequest,
): Promise<Response | null> {
  const id = await projectId();
  if (id === null || !(await findProjectRow(ctx, id))) return null;
  const locale = language.queryLocale ?? language.acceptLanguageLocale ?? (await hostedScreensConfig(ctx, id, handlerPath)).projectLocale;
  const banner = await impersonationBanner(ctx, request, id, handlerPath, locale);
  if (banner === null) return null;
  const html = (await renderPage(ctx, runtime, template, id, handlerPath, screen, catalogues, language)).replace('<body>', () => `<body>${banner}`);
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      vary: 'Accept-Language, Cookie',
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
  let projectId: () => Promise<string | null> | string | null;
  let handlerPath: string;
  let rest: string;
  const projectMatch = projectHandlerPattern.exec(pathname);
  const defaultMatch = projectMatch ? null : defaultHandlerPattern.exec(pathname);
  if (projectMatch) {
    const id = decodedPathSegment(projectMatch[1]!);
    if (id === null) return textResponse(404, 'Project not found');
    projectId = () => id;
    // Built from the project's own id, checked in serveIndex, never from the raw path: it goes into the page.
    handlerPath = `/projects/${id}/handler`;
    rest = projectMatch[2] ?? '';
  } else if (defaultMatch) {
    projectId = async () => await defaultHostedProjectId(ctx);
    handlerPath = '/handler';
    rest = defaultMatch[1] ?? '';
  } else {
    return null;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, `Method ${request.method} is not allowed`);
  const runtime = runtimeOf(ctx);
  if (rest.startsWith('_assets/')) return serveAsset(request, runtime, rest.slice('_assets/'.length));
  return await serveIndex(ctx, request, runtime, projectId, handlerPath, rest);
}

/**
 * `GET /`: authd has no page of its own there, so it sends visitors to the default project's
 * account settings (which send a signed-out visitor to sign-in first); without a project, a
 * short text says where the screens are.
 */
export async function rootPageResponse(ctx: Context, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, `Method ${request.method} is not allowed`);
  if (await defaultHostedProjectId(ctx) === null) {
    return textResponse(
      200,
      'authd is running. The API is under /api/v1; the sign-in screens are at /projects/{project id}/handler/sign-in.',
    );
  }
  return new Response(null, { status: 302, headers: { location: '/handler/account-settings', 'cache-control': 'no-store' } });
}
