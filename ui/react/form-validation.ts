// The form messages of spec §5, checked in the browser before anything is sent. The password
// length messages are the server's own (PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG), so the two agree.
import { knownErrorCatalogue } from '../../server/protocol/known-errors';

export const minimumPasswordLength = 8;
export const maximumPasswordLength = 256;

// The server's sign-up rule for addresses (wire §1.5, "strict"), so the browser refuses what
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
  if (password.length < minimumPasswordLength) return knownErrorCatalogue.PASSWORD_TOO_SHORT.build(minimumPasswordLength).message;
  if (password.length > maximumPasswordLength) return knownErrorCatalogue.PASSWORD_TOO_LONG.build(maximumPasswordLength).message;
  return null;
}

export function repeatPasswordError(password: string, repeated: string): string | null {
  if (repeated === '') return 'Please repeat your password';
  if (password !== repeated) return 'Passwords do not match';
  return null;
}

/** The message of a failed call, as the screens show it on a field. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
