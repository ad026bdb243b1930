// The English source of account settings' Connected apps item: the OpenID Provider clients the
// user allowed on the consent screen, what each may see (the consent screen's own words for the
// scopes), and revoking that permission. Its own catalogue: only that item's first load fetches it.
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const connectedAppsEn = {
  'apps.text': 'Apps you allowed to sign you in with this account, and what each may see.',
  'apps.empty': 'No apps are connected to your account.',
  'apps.allowedOn': 'Allowed on {date}',
  'apps.revoke': 'Revoke access',
  'apps.question': 'Revoke access for {app}? You are signed out of it, and it asks for your permission again the next time you use it.',
  'apps.confirm': 'Revoke',
  'apps.cancel': 'Cancel',
  'apps.revoked': '{app} no longer has access to your account.',
  'apps.scope.openid': 'Know who you are (your account id)',
  'apps.scope.profile': 'See your name and profile picture',
  'apps.scope.email': 'See your email address',
  'apps.scope.offline_access': 'Stay signed in when you are not using it',
  'apps.scope.teams': 'See the teams you belong to',
} as const;

export type ConnectedAppsKey = keyof typeof connectedAppsEn;

export default connectedAppsEn;
