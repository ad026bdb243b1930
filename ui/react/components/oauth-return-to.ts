// Where an OAuth sign-in returns to: kept in this tab's sessionStorage while the browser visits
// the provider, and taken once by the callback page; and the page language the callbacks carry.
// Its own module, so the callback page does not download the sign-in buttons and their logos to
// read it, and no other screen downloads it at all.

const returnToStorageKey = 'authd:oauth-return-to';

/**
 * A relative `after_auth_return_to` cannot travel through the provider (the server takes only
 * absolute, trusted URLs there), so it waits in this tab's session storage for the callback.
 */
export function keepOAuthReturnTo(returnTo: string | null): string | undefined {
  try {
    sessionStorage.removeItem(returnToStorageKey);
    if (returnTo === null) return undefined;
    if (/^[a-z][a-z0-9+.-]*:/i.test(returnTo)) return returnTo;
    sessionStorage.setItem(returnToStorageKey, returnTo);
  } catch {
    // Storage blocked: the sign-in still works, it lands on the default page.
  }
  return undefined;
}

/** The relative return target kept for this tab's OAuth sign-in, once. */
export function takeOAuthReturnTo(): string | null {
  try {
    const kept = sessionStorage.getItem(returnToStorageKey);
    sessionStorage.removeItem(returnToStorageKey);
    return kept;
  } catch {
    return null;
  }
}

/**
 * `url` with the hosted screens' `lang` parameter of this page, when it has one: the addresses a
 * flow leaves by and comes back to (the OAuth callback and error page, the magic link) carry it,
 * so the screen after the round trip speaks the language chosen before it.
 */
export function withPageLanguage(url: string): string {
  const lang = typeof location === 'object' ? new URLSearchParams(location.search).get('lang') : null;
  if (lang === null) return url;
  const withLang = new URL(url, location.href);
  withLang.searchParams.set('lang', lang);
  return withLang.toString();
}
