// Reading and writing app cookies through `document.cookie` (or any object shaped like it), used
// by the cookie token store and the OAuth verifier cookies.
import { isLocalhostName } from '../../server/protocol/localhost-names';

/** Anything with a `document.cookie`-like accessor: the browser's `document`, or a test jar. */
export interface CookieDocument {
  cookie: string;
}

export function browserCookieDocument(): CookieDocument | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

/**
 * `decodeURIComponent`, or undefined for a malformed `%` escape: other code on the site may set
 * cookies we did not write, and one such name or value must not break reading ours.
 */
function decodeCookiePart(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Our cookie's decoded value; cookies whose name or value does not decode are skipped. */
export function readCookie(jar: CookieDocument, name: string): string | null {
  for (const pair of jar.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (decodeCookiePart(pair.slice(0, separator).trim()) !== name) continue;
    const value = decodeCookiePart(pair.slice(separator + 1).trim());
    if (value !== undefined) return value;
  }
  return null;
}

/**
 * Cookies are written `Secure` except on plain-http localhost pages (development): Safari refuses
 * Secure cookies there, and such pages are not reachable from other machines anyway.
 */
export function shouldMarkSecure(): boolean {
  if (typeof location === 'undefined') return true;
  if (location.protocol === 'https:') return true;
  return !isLocalhostName(location.hostname);
}

export function writeCookie(
  jar: CookieDocument,
  name: string,
  value: string,
  options: { maxAgeSeconds: number; secure: boolean },
): void {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    'path=/',
    `max-age=${options.maxAgeSeconds}`,
    'samesite=lax',
  ];
  if (options.secure) parts.push('secure');
  jar.cookie = parts.join('; ');
}

export function deleteCookie(jar: CookieDocument, name: string, secure: boolean): void {
  writeCookie(jar, name, '', { maxAgeSeconds: 0, secure });
}
