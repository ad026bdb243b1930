// Simplified Chinese text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "验证您在 {{ projectDisplayName }} 的邮箱",
  'verification.heading': "验证您在 {{ projectDisplayName }} 的邮箱",
  'verification.greeting': "{{ userDisplayName }}，您好！请确认这是您的邮箱地址。",
  'verification.button': "验证我的邮箱",
  'verification.note': "如果您没有创建账户，请忽略此邮件。",
  'reset.subject': "重置您在 {{ projectDisplayName }} 的密码",
  'reset.heading': "重置您在 {{ projectDisplayName }} 的密码",
  'reset.greeting': "{{ userDisplayName }}，您好！有人请求重置您账户的密码。",
  'reset.button': "设置新密码",
  'reset.note': "如果这不是您发起的请求，请忽略此邮件。",
  'magicLink.subject': "登录 {{ projectDisplayName }}：您的验证码是 {{ otp }}",
  'magicLink.heading': "登录 {{ projectDisplayName }}",
  'magicLink.codeIntro': "您的登录验证码：",
  'magicLink.button': "登录",
  'magicLink.note': "如果您没有尝试登录，请忽略此邮件。",
  'invitation.subject': "您受邀加入 {{ projectDisplayName }} 上的 {{ teamDisplayName }}",
  'invitation.heading': "加入 {{ teamDisplayName }}",
  'invitation.text': "{{ userDisplayName }}，您好！您受邀加入 {{ projectDisplayName }} 上的 {{ teamDisplayName }}。",
  'invitation.button': "加入团队",
  'invitation.note': "如果您没有预料到这份邀请，请忽略此邮件。",
} satisfies Catalogue<EmailsKey>;
