// Arabic messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': 'البريد الإلكتروني',
  'field.password': 'كلمة المرور',
  'field.repeatPassword': 'تأكيد كلمة المرور',
  'field.showPassword': 'إظهار كلمة المرور',
  'field.hidePassword': 'إخفاء كلمة المرور',
  'check.emailRequired': 'يُرجى إدخال بريدك الإلكتروني',
  'check.emailInvalid': 'يُرجى إدخال بريد إلكتروني صالح',
  'check.passwordRequired': 'يُرجى إدخال كلمة المرور',
  'check.passwordTooShort': 'كلمة المرور قصيرة جدًا. يجب ألا يقل طولها عن {min} أحرف.',
  'check.passwordTooLong': 'كلمة المرور طويلة جدًا. يجب ألا يزيد طولها عن {max} حرفًا.',
  'check.repeatRequired': 'يُرجى إعادة إدخال كلمة المرور',
  'check.passwordsDiffer': 'كلمتا المرور غير متطابقتين',
} satisfies Catalogue<FormsKey>;
