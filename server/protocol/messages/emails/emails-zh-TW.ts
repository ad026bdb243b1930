// Traditional Chinese (Taiwan) text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "驗證您在 {{ projectDisplayName }} 的電子郵件",
  'verification.heading': "驗證您在 {{ projectDisplayName }} 的電子郵件",
  'verification.greeting': "{{ userDisplayName }}，您好！請確認這是您的電子郵件地址。",
  'verification.button': "驗證我的電子郵件",
  'verification.note': "如果您沒有建立帳戶，請忽略這封郵件。",
  'reset.subject': "重設您在 {{ projectDisplayName }} 的密碼",
  'reset.heading': "重設您在 {{ projectDisplayName }} 的密碼",
  'reset.greeting': "{{ userDisplayName }}，您好！有人要求重設您帳戶的密碼。",
  'reset.button': "設定新密碼",
  'reset.note': "如果這不是您提出的要求，請忽略這封郵件。",
  'magicLink.subject': "登入 {{ projectDisplayName }}：您的驗證碼是 {{ otp }}",
  'magicLink.heading': "登入 {{ projectDisplayName }}",
  'magicLink.codeIntro': "您的登入驗證碼：",
  'magicLink.button': "登入",
  'magicLink.note': "如果您沒有嘗試登入，請忽略這封郵件。",
  'invitation.subject': "您受邀加入 {{ projectDisplayName }} 上的 {{ teamDisplayName }}",
  'invitation.heading': "加入 {{ teamDisplayName }}",
  'invitation.text': "{{ userDisplayName }}，您好！您受邀加入 {{ projectDisplayName }} 上的 {{ teamDisplayName }}。",
  'invitation.button': "加入團隊",
  'invitation.note': "如果您沒有預期收到這份邀請，請忽略這封郵件。",
} satisfies Catalogue<EmailsKey>;
