// The English source of the OpenID Provider's own pages (consent, refusal, signed out).
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const oidcPagesEn = {
  'consent.title': 'Allow {client}?',
  'consent.intro': '{client} wants to use your {project} account. It will be able to:',
  'consent.signedInAs': 'Signed in as {user}',
  'consent.allow': 'Allow',
  'consent.deny': 'Cancel',
  'scope.openid': 'Know who you are (your account id)',
  'scope.profile': 'See your name and profile picture',
  'scope.email': 'See your email address',
  'scope.offline_access': 'Stay signed in when you are not using it',
  'scope.teams': 'See the teams you belong to',
  'error.title': 'This sign-in request cannot be completed',
  'error.hint': 'Go back to the application and try again, or tell its administrator.',
  'signedOut.title': 'You are signed out',
  'signedOut.body': 'You can close this window.',
} as const;

export type OidcPagesKey = keyof typeof oidcPagesEn;

export default oidcPagesEn;
