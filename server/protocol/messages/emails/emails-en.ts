// The English source of authd's default emails (templates/default-email-templates.ts builds the
// documents from these). Variables stay in the templates' own `{{ name }}` form, which the email
// renderer fills in; every other locale has exactly these keys and variables (test/i18n).
export const emailsEn = {
  'verification.subject': 'Verify your email at {{ projectDisplayName }}',
  'verification.heading': 'Verify your email at {{ projectDisplayName }}',
  'verification.greeting': 'Hi {{ userDisplayName }}, please confirm that this is your email address.',
  'verification.button': 'Verify my email',
  'verification.note': 'If you did not create an account, you can ignore this email.',
  'reset.subject': 'Reset your password at {{ projectDisplayName }}',
  'reset.heading': 'Reset your password at {{ projectDisplayName }}',
  'reset.greeting': 'Hi {{ userDisplayName }}, someone asked to reset the password of your account.',
  'reset.button': 'Choose a new password',
  'reset.note': 'If you did not ask for this, you can ignore this email.',
  'magicLink.subject': 'Sign in to {{ projectDisplayName }}: Your code is {{ otp }}',
  'magicLink.heading': 'Sign in to {{ projectDisplayName }}',
  'magicLink.codeIntro': 'Your sign-in code:',
  'magicLink.button': 'Sign in',
  'magicLink.note': 'If you did not try to sign in, you can ignore this email.',
  'invitation.subject': 'You have been invited to join {{ teamDisplayName }} on {{ projectDisplayName }}',
  'invitation.heading': 'Join {{ teamDisplayName }}',
  'invitation.text': 'Hi {{ userDisplayName }}, you have been invited to join {{ teamDisplayName }} on {{ projectDisplayName }}.',
  'invitation.button': 'Join the team',
  'invitation.note': 'If you did not expect this invitation, you can ignore this email.',
} as const;

export type EmailsKey = keyof typeof emailsEn;
