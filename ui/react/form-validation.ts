// The form messages, checked in the browser before anything is sent, in the screens' language.
// The password length messages are the server's own in English (PASSWORD_TOO_SHORT /
// PASSWORD_TOO_LONG), written out in the catalogue rather than imported so the server's
// catalogue stays out of the browser bundle; a test in test/ui-client/bundle-and-errors.test.ts
// keeps them equal. The lengths are the server's rule (server/protocol/password-rules.ts).
import type { FormsKey } from '../../server/protocol/messages/forms/forms-en';
import type { Translator } from './i18n/translator';
import { maximumPasswordLength, minimumPasswordLength } from '../../server/protocol/password-rules';

type T = Translator<FormsKey>;

/** INVALID_TOTP_CODE's message, shown for a code that is not six digits. */
export const invalidTotpCodeMessage = 'The TOTP code is invalid. Please try again.';

// The server's sign-up rule for addresses ("strict"), so the browser refuses what
// the server would.
const emailPattern = /^[^\s@.][^\s@]*@[^\s@]+\.[^\s@.][^\s@.]+$/;

export function emailError(email: string, t: T): string | null {
  if (email.trim() === '') return t('check.emailRequired');
  if (!emailPattern.test(email.trim())) return t('check.emailInvalid');
  return null;
}

export function requiredPasswordError(password: string, t: T): string | null {
  return password === '' ? t('check.passwordRequired') : null;
}

/** Sign-up and reset: required, then the strength rules (length). */
function newPasswordError(password: string, t: T): string | null {
  if (password === '') return t('check.passwordRequired');
  if (password.length < minimumPasswordLength) return t('check.passwordTooShort', { min: minimumPasswordLength });
  if (password.length > maximumPasswordLength) return t('check.passwordTooLong', { max: maximumPasswordLength });
  return null;
}

function repeatPasswordError(password: string, repeated: string, t: T): string | null {
  if (repeated === '') return t('check.repeatRequired');
  if (password !== repeated) return t('check.passwordsDiffer');
  return null;
}

/** The messages of a new password and its repeat (NewPasswordFields). */
export function newPasswordErrors(value: { password: string; repeated: string }, t: T) {
  return { password: newPasswordError(value.password, t), repeated: repeatPasswordError(value.password, value.repeated, t) };
}
