// The English source of the messages every screen may show, loaded with the provider before any
// renders: each screen's tab title, the known errors' and problems'
// wording, and the unknown-error and status cards. The sign-in card's own messages are
// auth-en.ts's, the <UserButton> and <SelectedTeamSwitcher> components' components-en.ts's.
// Stack's exact English wording is kept.
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const screensEn = {
  'title.sign-in': 'Sign in',
  'title.sign-up': 'Sign up',
  'title.sign-out': 'Sign out',
  'title.forgot-password': 'Forgot password',
  'title.password-reset': 'Reset password',
  'title.email-verification': 'Verify email',
  'title.magic-link-callback': 'Signing in',
  'title.oauth-callback': 'Signing in',
  'title.error': 'Error',
  'title.team-invitation': 'Team invitation',
  'title.account-settings': 'Account settings',
  'title.withProject': '{screen} – {project}',

  'signIn.link': 'Sign in',
  'signUp.link': 'Sign up',

  'error.EMAIL_PASSWORD_MISMATCH': 'Wrong e-mail or password.',

  'problem.tooManyWait': 'Too many attempts. Please wait {wait} and try again.',
  'problem.tooMany': 'Too many attempts. Please wait a moment and try again.',
  'problem.about': 'about {duration}',
  'problem.unreachable': 'The server could not be reached. Check your connection and try again.',
  'problem.offline': 'You are offline. Check your internet connection and try again.',
  'problem.server': 'Something went wrong on the server. Please try again in a moment.',

  'card.alreadySignedIn': 'You are already signed in',
  'card.signUpDisabled': 'Sign up for new users is not enabled at the moment.',
  'card.signedOut': 'You are not currently signed in.',
  'card.goHome': 'Go to home',
  'card.signOut': 'Sign out',
  'card.signIn': 'Sign in',

  'unknownError.title': 'An unknown error occurred',
  'unknownError.text': 'Please try again and if the problem persists, contact support.',
  'loading': 'Loading',
  'common.cancel': 'Cancel',
  'copy.done': 'Copied to clipboard!',
  'copy.failed': 'Failed to copy to clipboard',
} as const;

export type ScreensKey = keyof typeof screensEn;

export default screensEn;
