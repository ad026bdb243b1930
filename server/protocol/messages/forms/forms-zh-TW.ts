// Traditional Chinese messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': '電子郵件',
  'field.password': '密碼',
  'field.repeatPassword': '確認密碼',
  'field.showPassword': '顯示密碼',
  'field.hidePassword': '隱藏密碼',
  'check.emailRequired': '請輸入您的電子郵件',
  'check.emailInvalid': '請輸入有效的電子郵件',
  'check.passwordRequired': '請輸入您的密碼',
  'check.passwordTooShort': '密碼太短，至少需要 {min} 個字元。',
  'check.passwordTooLong': '密碼太長，最多 {max} 個字元。',
  'check.repeatRequired': '請再次輸入密碼',
  'check.passwordsDiffer': '兩次輸入的密碼不一致',
} satisfies Catalogue<FormsKey>;
