// The English source of account settings' Security item: email verification, change password,
// multi-factor authentication, passkeys, active sessions and connected accounts, with the words
// as the item first shows them (its forms and dialogs are security-forms-en.ts's). Loaded with the
// Security item only.
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const securityEn = {

  'email.title': 'Email Verification',
  'email.none': 'Your account has no email address.',
  'email.verified': 'Your email {email} is verified.',
  'email.notVerified': 'Your email {email} is not verified.',
  'email.send': 'Send verification email',
  'email.sent': 'Email sent!',

  'password.title': 'Change password',
  'password.text': 'Change the password you sign in with.',
  'password.none': 'Your account signs in without a password.',
  'password.open': 'Change password',
  'password.changed': 'Your password has been changed.',

  'mfa.title': 'Multi-factor Authentication',
  'mfa.enabled': 'Multi-factor authentication is currently enabled.',
  'mfa.disabled': 'Multi-factor authentication is currently disabled.',
  'mfa.disable': 'Disable MFA',
  'mfa.enable': 'Enable MFA',
  'mfa.disableQuestion': 'Turn off multi-factor authentication? Signing in will no longer ask for a code.',
  'mfa.turnOff': 'Turn off MFA',

  'sessions.title': 'Active sessions',
  'sessions.text': 'Devices signed in to your account. Sign out any you do not recognise.',
  'sessions.thisDevice': 'This device',
  'sessions.signedIn': 'Signed in {date}',
  'sessions.lastUsed': 'Last used {date}',
  'sessions.lastUsedFrom': 'Last used {date} from {ip}',
  'sessions.signOut': 'Sign out',
  'sessions.signOutOthers': 'Sign out of all other devices',
  'sessions.browserOnSystem': '{browser} on {system}',
  'sessions.systemDevice': '{system} device',
  'sessions.unknownDevice': 'Signed-in device',

  'accounts.title': 'Connected accounts',
  'accounts.none': 'No accounts are connected.',
  'accounts.some': 'Accounts at other services you can sign in with.',
  'accounts.account': 'Account {id}',
  'accounts.connecting': 'Connecting…',
  'accounts.connect': 'Connect {provider}',
} as const;

export type SecurityKey = keyof typeof securityEn;

export default securityEn;
