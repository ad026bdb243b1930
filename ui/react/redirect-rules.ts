// The redirect rules: which `after_auth_return_to` targets the screens may follow,
// and the handler page URLs built from the handler base path. Pure functions, no React.
import { isLocalhostName } from '../../server/protocol/localhost-names';
import { isUnderTrustedDomain } from '../../server/protocol/trusted-url-rules';
import { hostedScreens, type HostedScreen } from '../../server/protocol/hosted-screens-config';

/** The sign-up page's query parameter that shows a signed-in new user the signed-up card. */
export const signedUpParameter = 'signed_up';

/** The query parameter that carries the page to return to after sign-in or sign-up. */
export const returnToParameter = 'after_auth_return_to';

/** The handler's pages: the hosted screens, whose list the server keeps for their titles. */
export type HandlerPage = HostedScreen;
export const handlerPages: readonly HandlerPage[] = hostedScreens;

/** Pages with their own subpaths (`account-settings/profile`, …), which they route themselves. */
const pagesWithSubpaths: readonly HandlerPage[] = ['account-settings'];

/** A handler base path as the screens use it: starting with `/`, without a trailing `/`. */
export function normalizeHandlerPath(handlerPath: string): string {
  if (!handlerPath.startsWith('/')) throw new Error(`The handler path must start with /, got "${handlerPath}"`);
  return handlerPath === '/' ? '' : handlerPath.replace(/\/+$/, '');
}

/** The page a pathname shows under the handler base path, `null` when it is not a handler page. */
export function handlerPageOf(pathname: string, handlerPath: string): HandlerPage | 'unknown' | null {
  const base = normalizeHandlerPath(handlerPath);
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const rest = pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
  if ((handlerPages as readonly string[]).includes(rest)) return rest as HandlerPage;
  const firstSegment = rest.split('/')[0] as HandlerPage;
  return pagesWithSubpaths.includes(firstSegment) ? firstSegment : 'unknown';
}

export interface TrustContext {
  /** The page the screens run on. */
  currentUrl: string;
  /** Origins (optionally with a path) the project trusts besides the current host, e.g. its trusted domains. */
  trustedOrigins?: readonly string[];
  /** Trust any localhost origin too, as a project that allows localhost does for its emails. */
  allowLocalhost?: boolean;
}

/** What the screens trust as a redirect target on this page, from the provider's settings. */
export function trustOf(settings: { trustedOrigins: readonly string[]; allowLocalhost: boolean }): TrustContext {
  return { currentUrl: location.href, trustedOrigins: settings.trustedOrigins, allowLocalhost: settings.allowLocalhost };
}

/**
 * A target is trusted when it is relative (stays on this origin), on the same host over https,
 * on this very origin, under one of the extra trusted origins, or on localhost when allowed. Anything else (another host,
 * `javascript:`, protocol-relative `//host`, a user name before the host, a path not starting with `/`) is refused.
 */
export function isTrustedRedirect(target: string, trust: TrustContext): boolean {
  const current = new URL(trust.currentUrl);
  let resolved: URL;
  try {
    resolved = new URL(target, current);
  } catch {
    return false;
  }
  if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') return false;
  // A user name in the address (`https://evil.example.com@host/`) makes it read as another
  // site; and a path without its leading `/` (`evil.example.com@host`) is no page anyone
  // returns to from here. Both are refused rather than followed.
  if (resolved.username !== '' || resolved.password !== '') return false;
  if (!/^([a-z][a-z0-9+.-]*:|[/?#])/i.test(target.trim())) return false;
  if (resolved.origin === current.origin) return true;
  if (resolved.hostname === current.hostname && resolved.protocol === 'https:') return true;
  if (trust.allowLocalhost && isLocalhostName(resolved.hostname)) return true;
  return (trust.trustedOrigins ?? []).some((entry) => {
    let trusted: URL;
    try {
      trusted = new URL(entry);
    } catch {
      return false;
    }
    return isUnderTrustedDomain(resolved, trusted);
  });
}

/** `url` with `after_auth_return_to` set to `returnTo`. */
export function withReturnTo(url: string, returnTo: string, base: string): string {
  const parsed = new URL(url, base);
  parsed.searchParams.set(returnToParameter, returnTo);
  return parsed.origin === new URL(base).origin ? parsed.pathname + parsed.search + parsed.hash : parsed.toString();
}

/** The error page URL carrying a parsed error (the handler's error page). */
export function errorPageUrl(errorUrl: string, error: { code: string; message: string; details?: unknown }): string {
  const url = new URL(errorUrl, 'http://placeholder.invalid');
  url.searchParams.set('errorCode', error.code);
  url.searchParams.set('message', error.message);
  url.searchParams.set('details', JSON.stringify(error.details ?? {}));
  return errorUrl.startsWith('/') ? url.pathname + url.search : url.toString();
}

/** The error page refusing an untrusted return target (REDIRECT_URL_NOT_WHITELISTED). */
export function refusedRedirectUrl(errorUrl: string, target: string): string {
  return errorPageUrl(errorUrl, {
    code: 'REDIRECT_URL_NOT_WHITELISTED',
    message: 'Redirect URL not whitelisted. The page to return to after sign-in is not a trusted domain of this project.',
    details: { url: target },
  });
}
