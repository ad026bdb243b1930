// The English source of the sign-in card's own messages: the sign-in and sign-up forms, the
// provider and passkey buttons, the emailed code step and the signed-up card. Loaded by the
// screens that show that card (and the magic-link callback), not by account settings.
// Stack's exact English wording is kept. Every other locale of this catalogue has exactly these
// keys and placeholders (test/i18n).
export const authEn = {
  'signIn.heading': 'Sign in to your account',
  'signUp.heading': 'Create a new account',
  'signIn.noAccount': "Don't have an account? {link}",
  'signUp.haveAccount': 'Already have an account? {link}',
  'auth.orContinueWith': 'Or continue with',
  'auth.methodTabs': 'Sign-in method',
  'auth.magicLinkTab': 'Magic Link',
  'auth.passwordTab': 'Password',
  'oauth.signInWith': 'Sign in with {provider}',
  'oauth.signUpWith': 'Sign up with {provider}',
  'passkey.signIn': 'Sign in with passkey',
  'passkey.failed': 'Signing in with a passkey did not work on this device. Try again or sign in another way.',
  'passkey.unknown': 'This passkey is not registered here. Sign in another way.',
  'signIn.forgotPassword': 'Forgot password?',
  'signIn.submit': 'Sign In',
  'signUp.submit': 'Sign Up',
  'magicLink.submit': 'Send magic link',
  'signUp.userExists': 'User already exists.',
  'auth.unverifiedAccount':
    'This email belongs to an account that has not verified it yet, so it cannot sign in with an email link. Sign in with the password instead, then verify the email in your account settings.',
  'code.checkEmail': 'Check your email',
  'code.sent': 'Email sent! We sent a sign-in link and a code to {email}. Open the link, or enter the code here.',
  'code.label': 'Code from the email',
  'code.enterSix': 'Please enter the six-character code from the email',
  'code.expired': 'This code has expired. Send a new one.',
  'code.used': 'This code was already used. Send a new one.',
  'code.tooManyWrong': 'Too many wrong codes. Send a new one.',
  'code.wrong': 'That code is not right. Check the email and try again.',
  // A banned user's refusal (USER_BANNED), with and without the ban's end.
  'error.USER_BANNED': 'This account has been suspended. Contact the support of this app.',
  'error.USER_BANNED_UNTIL': 'This account has been suspended until {until}. Contact the support of this app.',
  'code.newEmailSent': 'A new email is on its way.',
  'code.submit': 'Sign in with code',
  'code.resendIn': 'You can send a new email in {seconds} s.',
  'code.resend': 'Resend email',
  'code.otherEmail': 'Use another email',
  'signedUp.heading': 'Your account is ready',
  'signedUp.text': 'You signed up for {app}.',
  'signedUp.theApp': 'the app',
  'signedUp.verify': 'Check your email: we sent a link to {email} to verify your address.',
  'signedUp.continue': 'Continue',
} as const;

export type AuthKey = keyof typeof authEn;

export default authEn;
