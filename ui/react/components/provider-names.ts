// The names OAuth providers are shown under, in the sign-in buttons and the connected accounts.

export const providerNames: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  microsoft: 'Microsoft',
  spotify: 'Spotify',
  discord: 'Discord',
  gitlab: 'GitLab',
};

/** "GitHub", "Google", …; an id authd has no name for is shown as it is. */
export function providerName(id: string): string {
  return providerNames[id] ?? id;
}
