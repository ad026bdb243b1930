// The form messages, checked in the browser before anything is sent. The password
// length messages are the server's own (PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG), written out
// rather than imported so the server's catalogue stays out of the browser bundle; a test in
// test/ui-client/bundle-and-errors.test.ts keeps them equal. The lengths are the server's rule.
import { maximumPasswordLength, minimumPasswordLength } from '../../server/protocol/password-rules';

export const passwordTooShortMessage = `Password too short. Minimum length is ${minimumPasswordLength}.`;
export const passwordTooLongMessage = `Password too long. Maximum length is ${maximumPasswordLength}.`;
/** INVALID_TOTP_CODE's message, shown for a code that is not six digits. */
export const invalidTotpCodeMessage = 'The TOTP code is invalid. Please try again.';

// The server's sign-up rule for addresses ("strict"), so the browser refuses what
// the server would.
const emailPattern = /^[^\s@.][^\s@]*@[^\s@]+\.[^\s@.][^\s@.]+$/;

export function emailError(email: string): string | null {
  if (email.trim() === '') return 'Please enter your email';
  if (!emailPattern.test(email.trim())) return 'Please enter a valid email';
  return null;
}

export function requiredPasswordError(password: string): string | null {
  return password === '' ? 'Please enter your password' : null;
}

/** Sign-up and reset: required, then the strength rules (length). */
export function newPasswordError(password: string): string | null {
  if (password === '') return 'Please enter your password';
  if (password.length < minimumPasswordLength) return passwordTooShortMessage;
  if (password.length > maximumPasswordLength) return passwordTooLongMessage;
  return null;
}

export function repeatPasswordError(password: string, repeated: string): string | null {
  if (repeated === '') return 'Please repeat your password';
  if (password !== repeated) return 'Passwords do not match';
  return null;
}
