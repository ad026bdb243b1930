// The English source of the form fields' labels and the checks the browser makes before a form
// is sent (email, password, repeated password). Loaded by the screens with such a form: sign-in
// and sign-up, forgot and reset password, and in account settings the password, invitation and
// confirm-it-is-you forms. Stack's exact English wording is kept.
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const formsEn = {
  'field.email': 'Email',
  'field.password': 'Password',
  'field.repeatPassword': 'Repeat Password',
  'field.showPassword': 'Show password',
  'field.hidePassword': 'Hide password',
  'check.emailRequired': 'Please enter your email',
  'check.emailInvalid': 'Please enter a valid email',
  'check.passwordRequired': 'Please enter your password',
  'check.passwordTooShort': 'Password too short. Minimum length is {min}.',
  'check.passwordTooLong': 'Password too long. Maximum length is {max}.',
  'check.repeatRequired': 'Please repeat your password',
  'check.passwordsDiffer': 'Passwords do not match',
} as const;

export type FormsKey = keyof typeof formsEn;

export default formsEn;
