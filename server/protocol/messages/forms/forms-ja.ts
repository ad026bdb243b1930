// Japanese messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': 'メールアドレス',
  'field.password': 'パスワード',
  'field.repeatPassword': 'パスワード（確認）',
  'field.showPassword': 'パスワードを表示',
  'field.hidePassword': 'パスワードを隠す',
  'check.emailRequired': 'メールアドレスを入力してください',
  'check.emailInvalid': '有効なメールアドレスを入力してください',
  'check.passwordRequired': 'パスワードを入力してください',
  'check.passwordTooShort': 'パスワードが短すぎます。{min} 文字以上にしてください。',
  'check.passwordTooLong': 'パスワードが長すぎます。{max} 文字以内にしてください。',
  'check.repeatRequired': '確認のためパスワードをもう一度入力してください',
  'check.passwordsDiffer': 'パスワードが一致しません',
} satisfies Catalogue<FormsKey>;
