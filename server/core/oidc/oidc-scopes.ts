// The scopes the provider knows and what each one releases. `teams` names the user's teams (ids
// and display names), which Grafana and others can map to roles.
export const oidcScopes = ['openid', 'profile', 'email', 'offline_access', 'teams'] as const;
export type OidcScope = (typeof oidcScopes)[number];

export function isOidcScope(value: string): value is OidcScope {
  return (oidcScopes as readonly string[]).includes(value);
}

/** A space-separated scope parameter as a set, in the order the scopes are listed above. */
export function parseScopes(scope: string): OidcScope[] | null {
  const asked = scope.split(' ').filter((s) => s !== '');
  if (!asked.every(isOidcScope)) return null;
  return oidcScopes.filter((s) => asked.includes(s));
}

export function scopeString(scopes: readonly string[]): string {
  return scopes.join(' ');
}
