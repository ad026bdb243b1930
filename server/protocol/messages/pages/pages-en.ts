// The English source of the hosted screens other than sign-in and sign-up: forgot password,
// password reset, the magic-link and OAuth callbacks, email verification, the error page,
// signing out, the team invitation, the emailed links' problem cards and the second factor of a
// sign-in. Stack's exact English wording is kept, typos included (tests match it).
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const pagesEn = {
  'nav.goHome': 'Go to home',
  'nav.goHomeCapital': 'Go to Home',
  'nav.goToSignIn': 'Go to sign in',
  'nav.signIn': 'Sign in',
  'nav.cancel': 'Cancel',
  'nav.continue': 'Continue',

  'forgot.sentTitle': 'Email sent!',
  'forgot.sentText': 'If the user with this e-mail address exists, an e-mail was sent to your inbox. Make sure to check your spam folder.',
  'forgot.title': 'Reset Your Password',
  'forgot.noNeed': "Don't need to reset? {link}",
  'forgot.email': 'Your Email',
  'forgot.submit': 'Send Email',

  'reset.doneTitle': 'Password reset successfully!',
  'reset.doneText': 'Your password has been reset. You can now sign in with your new password.',
  'reset.newPassword': 'New Password',
  'reset.repeatPassword': 'Repeat New Password',
  'reset.failed': 'Failed to reset password. Please request a new password reset link',
  'reset.submit': 'Reset Password',

  'magicLink.passwordTitle': 'Sign in with your password',
  'magicLink.pending': 'Signing you in…',
  'verify.pending': 'Verifying your email…',
  'verify.doneTitle': 'Email verified!',
  'verify.doneText': 'Your have successfully verified your email.',
  'signOut.pending': 'Signing out…',

  'error.connectTitle': 'Failed to connect account',
  'error.connectText': 'This account is already connected to another user. Please connect a different account.',
  'error.signInTitle': 'Failed to sign in',
  'error.signInText':
    'The user is already connected to another OAuth account. Did you maybe selected the wrong account on the OAuth provider page?',
  'error.title': 'An error occurred',
  'error.messageLabel': 'Error Message',
  'error.codeLine': 'Error Code: {code}',
  'error.REDIRECT_URL_NOT_WHITELISTED':
    'The link you followed would have sent you on to a page this app does not trust, so you were stopped here. Go back to the app and sign in from there.',
  'error.OAUTH_PROVIDER_ACCESS_DENIED':
    'The sign-in was cancelled at the provider, so nothing changed. You can try again or sign in another way.',
  'error.OUTER_OAUTH_TIMEOUT': 'The sign-in took too long to finish. Please sign in again.',
  'error.USER_BANNED': 'This account has been suspended. Contact the support of this app.',
  'error.USER_BANNED_UNTIL': 'This account has been suspended until {until}. Contact the support of this app.',

  'oauth.failedTitle': 'Sign-in failed',
  'oauth.failedText': 'Something went wrong while processing the OAuth callback:',
  'oauth.failedDetails': 'Error signing in during OAuth callback. Please try again.',
  'oauth.redirecting': 'Redirecting...',
  'oauth.notRedirected': 'If you are not redirected automatically, {link}',
  'oauth.clickHere': 'click here',

  'link.invalidVerification': 'Invalid Verification Link',
  'link.invalidMagicLink': 'Invalid Magic Link',
  'link.invalidPasswordReset': 'Invalid Password Reset Link',
  'link.invalidText': 'Please check if you have the correct link. If you continue to have issues, please contact support.',
  'link.expiredVerification': 'Expired Verification Link',
  'link.expiredMagicLink': 'Expired Magic Link',
  'link.expiredPasswordReset': 'Expired Password Reset Link',
  'link.expiredVerificationText': 'This verification link has expired. Request a new one from your account settings.',
  'link.expiredMagicLinkText': 'This magic link has expired. Request a new one on the sign-in page.',
  'link.expiredPasswordResetText': 'This password reset link has expired. Request a new one on the sign-in page.',
  'link.usedMagicLink': 'Magic Link Already Used',
  'link.usedMagicLinkText': 'A magic link works only once. Request a new one if you need to sign in again.',
  'link.usedPasswordReset': 'Used Password Reset Link',
  'link.usedPasswordResetText':
    'This password reset link has already been used. Request a new one if you need to reset your password again.',

  'invitation.title': 'Team invitation',
  'invitation.checking': 'Checking the invitation…',
  'invitation.invalidTitle': 'Invalid Team Invitation Link',
  'invitation.expiredTitle': 'Expired Team Invitation Link',
  'invitation.expiredText': 'This invitation has expired. Ask a member of the team to invite you again.',
  'invitation.usedTitle': 'Used Team Invitation Link',
  'invitation.usedText': 'This invitation has already been used. Ask a member of the team to invite you again if you still need to join.',
  'invitation.otherAccountTitle': 'Invitation for another account',
  'invitation.otherAccountText':
    'This invitation was sent to {email}. Only an account that has verified that address can accept it: sign in with it to join the team.',
  'invitation.signInText': 'Sign in or create an account to join the team.',
  'invitation.joined': 'You have successfully joined {team}',
  'invitation.invited': 'You are invited to join {team}',
  'invitation.invitedAddress': 'Invited address',
  'invitation.signedInAs': 'Signed in as',
  'invitation.noEmail': 'an account without an email address',
  'invitation.joining': 'Joining…',
  'invitation.joinAnyway': 'Join anyway',
  'invitation.join': 'Join',
  'invitation.ignore': 'Ignore',
  'invitation.otherAccountWarning':
    'This invitation was sent to {email}, which is not an address of the account you are signed in with. Join only if it was meant for you, or sign in with {email} instead.',

  'mfa.heading': 'Multi-Factor Authentication',
  'mfa.enterCode': 'Enter the six-digit code from your authenticator app.',
  'mfa.enterRecoveryCode': 'Enter one of the recovery codes you saved when you turned on multi-factor authentication.',
  'mfa.recoveryCode': 'Recovery code',
  'mfa.codeLabel': 'Code',
  'mfa.submit': 'Verify',
  'mfa.useApp': 'Use your authenticator app',
  'mfa.useRecoveryCode': 'Use a recovery code',
  'mfa.backToSignIn': 'Back to sign in',
  'mfa.invalidCode': 'The TOTP code is invalid. Please try again.',
  'mfa.wrongRecoveryCode': 'This recovery code is not valid, or was already used.',
  'mfa.lastRecoveryCodeTitle': 'You used your last recovery code',
  'mfa.lastRecoveryCodeText':
    'You are signed in, but you have no recovery codes left. Make new ones in Account settings, under Security, so you can still sign in if you lose your authenticator app.',
} as const;

export type PagesKey = keyof typeof pagesEn;

export default pagesEn;
