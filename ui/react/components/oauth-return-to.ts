// Where an OAuth sign-in returns to: kept in this tab's sessionStorage while the browser visits
// the provider, and taken once by the callback page. Its own module, so the callback page does
// not download the sign-in buttons and their logos to read it.

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
