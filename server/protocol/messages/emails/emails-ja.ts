// Japanese text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "{{ projectDisplayName }} のメールアドレスを確認してください",
  'verification.heading': "{{ projectDisplayName }} のメールアドレスの確認",
  'verification.greeting': "{{ userDisplayName }} さん、このメールアドレスがご本人のものであることを確認してください。",
  'verification.button': "メールアドレスを確認する",
  'verification.note': "アカウントを作成した覚えがない場合は、このメールを無視してください。",
  'reset.subject': "{{ projectDisplayName }} のパスワードを再設定してください",
  'reset.heading': "{{ projectDisplayName }} のパスワードの再設定",
  'reset.greeting': "{{ userDisplayName }} さん、あなたのアカウントのパスワード再設定が依頼されました。",
  'reset.button': "新しいパスワードを設定する",
  'reset.note': "お心当たりがない場合は、このメールを無視してください。",
  'magicLink.subject': "{{ projectDisplayName }} へのサインイン：コードは {{ otp }} です",
  'magicLink.heading': "{{ projectDisplayName }} へのサインイン",
  'magicLink.codeIntro': "サインイン用のコード：",
  'magicLink.button': "サインイン",
  'magicLink.note': "サインインしようとした覚えがない場合は、このメールを無視してください。",
  'invitation.subject': "{{ projectDisplayName }} の {{ teamDisplayName }} に招待されました",
  'invitation.heading': "{{ teamDisplayName }} に参加",
  'invitation.text': "{{ userDisplayName }} さん、{{ projectDisplayName }} の {{ teamDisplayName }} に招待されました。",
  'invitation.button': "チームに参加する",
  'invitation.note': "この招待にお心当たりがない場合は、このメールを無視してください。",
} satisfies Catalogue<EmailsKey>;
