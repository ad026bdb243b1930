// German messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': 'E-Mail',
  'field.password': 'Passwort',
  'field.repeatPassword': 'Passwort wiederholen',
  'field.showPassword': 'Passwort anzeigen',
  'field.hidePassword': 'Passwort verbergen',
  'check.emailRequired': 'Bitte geben Sie Ihre E-Mail-Adresse ein',
  'check.emailInvalid': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  'check.passwordRequired': 'Bitte geben Sie Ihr Passwort ein',
  'check.passwordTooShort': 'Das Passwort ist zu kurz. Es muss mindestens {min} Zeichen lang sein.',
  'check.passwordTooLong': 'Das Passwort ist zu lang. Es darf höchstens {max} Zeichen lang sein.',
  'check.repeatRequired': 'Bitte wiederholen Sie Ihr Passwort',
  'check.passwordsDiffer': 'Die Passwörter stimmen nicht überein',
} satisfies Catalogue<FormsKey>;
