// Brazilian Portuguese messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': 'E-mail',
  'field.password': 'Senha',
  'field.repeatPassword': 'Repita a senha',
  'field.showPassword': 'Mostrar senha',
  'field.hidePassword': 'Ocultar senha',
  'check.emailRequired': 'Informe seu e-mail',
  'check.emailInvalid': 'Informe um e-mail válido',
  'check.passwordRequired': 'Informe sua senha',
  'check.passwordTooShort': 'Senha muito curta. Ela deve ter pelo menos {min} caracteres.',
  'check.passwordTooLong': 'Senha muito longa. Ela pode ter no máximo {max} caracteres.',
  'check.repeatRequired': 'Repita sua senha',
  'check.passwordsDiffer': 'As senhas não coincidem',
} satisfies Catalogue<FormsKey>;
