// Spanish messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': 'Correo electrónico',
  'field.password': 'Contraseña',
  'field.repeatPassword': 'Repite la contraseña',
  'field.showPassword': 'Mostrar contraseña',
  'field.hidePassword': 'Ocultar contraseña',
  'check.emailRequired': 'Introduce tu correo electrónico',
  'check.emailInvalid': 'Introduce un correo electrónico válido',
  'check.passwordRequired': 'Introduce tu contraseña',
  'check.passwordTooShort': 'La contraseña es demasiado corta. Debe tener al menos {min} caracteres.',
  'check.passwordTooLong': 'La contraseña es demasiado larga. Puede tener como máximo {max} caracteres.',
  'check.repeatRequired': 'Repite tu contraseña',
  'check.passwordsDiffer': 'Las contraseñas no coinciden',
} satisfies Catalogue<FormsKey>;
