// Korean text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "{{ projectDisplayName }} 이메일 인증",
  'verification.heading': "{{ projectDisplayName }} 이메일 인증",
  'verification.greeting': "{{ userDisplayName }}님, 이 이메일 주소가 본인의 주소인지 확인해 주세요.",
  'verification.button': "이메일 인증하기",
  'verification.note': "계정을 만든 적이 없다면 이 이메일을 무시하셔도 됩니다.",
  'reset.subject': "{{ projectDisplayName }} 비밀번호 재설정",
  'reset.heading': "{{ projectDisplayName }} 비밀번호 재설정",
  'reset.greeting': "{{ userDisplayName }}님, 계정의 비밀번호 재설정이 요청되었습니다.",
  'reset.button': "새 비밀번호 정하기",
  'reset.note': "요청한 적이 없다면 이 이메일을 무시하셔도 됩니다.",
  'magicLink.subject': "{{ projectDisplayName }} 로그인: 코드는 {{ otp }}입니다",
  'magicLink.heading': "{{ projectDisplayName }} 로그인",
  'magicLink.codeIntro': "로그인 코드:",
  'magicLink.button': "로그인",
  'magicLink.note': "로그인을 시도한 적이 없다면 이 이메일을 무시하셔도 됩니다.",
  'invitation.subject': "{{ projectDisplayName }}의 {{ teamDisplayName }} 팀에 초대되었습니다",
  'invitation.heading': "{{ teamDisplayName }} 팀에 참여하기",
  'invitation.text': "{{ userDisplayName }}님, {{ projectDisplayName }}의 {{ teamDisplayName }} 팀에 초대되었습니다.",
  'invitation.button': "팀에 참여하기",
  'invitation.note': "이 초대를 예상하지 못했다면 이 이메일을 무시하셔도 됩니다.",
} satisfies Catalogue<EmailsKey>;
