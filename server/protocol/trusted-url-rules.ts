// Where a trusted domain's trust ends, one rule for the server (the links it emails and the
// redirects it makes) and the screens (where they send a person after signing in).

/**
 * True when `url` is on the trusted domain's origin (a different port is a different site) and at
 * or under its path: `https://app.example.com/app` trusts `/app` and `/app/…`, not `/application`.
 */
export function isUnderTrustedDomain(url: URL, trustedDomain: URL): boolean {
  const basePath = trustedDomain.pathname.endsWith('/') ? trustedDomain.pathname : `${trustedDomain.pathname}/`;
  return url.origin === trustedDomain.origin && (url.pathname === trustedDomain.pathname || url.pathname.startsWith(basePath));
}
