// Simplified Chinese messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': '邮箱',
  'field.password': '密码',
  'field.repeatPassword': '确认密码',
  'field.showPassword': '显示密码',
  'field.hidePassword': '隐藏密码',
  'check.emailRequired': '请输入您的邮箱',
  'check.emailInvalid': '请输入有效的邮箱',
  'check.passwordRequired': '请输入您的密码',
  'check.passwordTooShort': '密码太短，至少需要 {min} 个字符。',
  'check.passwordTooLong': '密码太长，最多 {max} 个字符。',
  'check.repeatRequired': '请再次输入密码',
  'check.passwordsDiffer': '两次输入的密码不一致',
} satisfies Catalogue<FormsKey>;
