// Korean messages of the form fields and their checks (source: forms-en.ts).
import type { Catalogue } from '../message-format';
import type { FormsKey } from './forms-en';

export default {
  'field.email': '이메일',
  'field.password': '비밀번호',
  'field.repeatPassword': '비밀번호 확인',
  'field.showPassword': '비밀번호 표시',
  'field.hidePassword': '비밀번호 숨기기',
  'check.emailRequired': '이메일을 입력하세요',
  'check.emailInvalid': '올바른 이메일을 입력하세요',
  'check.passwordRequired': '비밀번호를 입력하세요',
  'check.passwordTooShort': '비밀번호가 너무 짧습니다. {min}자 이상이어야 합니다.',
  'check.passwordTooLong': '비밀번호가 너무 깁니다. {max}자 이하여야 합니다.',
  'check.repeatRequired': '비밀번호를 한 번 더 입력하세요',
  'check.passwordsDiffer': '비밀번호가 일치하지 않습니다',
} satisfies Catalogue<FormsKey>;
