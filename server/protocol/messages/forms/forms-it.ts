// Italian messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': 'Email',
  'field.password': 'Password',
  'field.repeatPassword': 'Ripeti la password',
  'field.showPassword': 'Mostra la password',
  'field.hidePassword': 'Nascondi la password',
  'check.emailRequired': 'Inserisci la tua email',
  'check.emailInvalid': 'Inserisci un’email valida',
  'check.passwordRequired': 'Inserisci la tua password',
  'check.passwordTooShort': 'Password troppo corta. Deve avere almeno {min} caratteri.',
  'check.passwordTooLong': 'Password troppo lunga. Può avere al massimo {max} caratteri.',
  'check.repeatRequired': 'Ripeti la password',
  'check.passwordsDiffer': 'Le password non coincidono',
} satisfies Catalogue<FormsKey>;
