// French messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': 'Adresse e-mail',
  'field.password': 'Mot de passe',
  'field.repeatPassword': 'Confirmer le mot de passe',
  'field.showPassword': 'Afficher le mot de passe',
  'field.hidePassword': 'Masquer le mot de passe',
  'check.emailRequired': 'Veuillez saisir votre adresse e-mail',
  'check.emailInvalid': 'Veuillez saisir une adresse e-mail valide',
  'check.passwordRequired': 'Veuillez saisir votre mot de passe',
  'check.passwordTooShort': 'Mot de passe trop court. Il doit comporter au moins {min} caractères.',
  'check.passwordTooLong': 'Mot de passe trop long. Il peut comporter au plus {max} caractères.',
  'check.repeatRequired': 'Veuillez confirmer votre mot de passe',
  'check.passwordsDiffer': 'Les mots de passe ne correspondent pas',
} satisfies Catalogue<FormsKey>;
