// Korean messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "계정 설정",
  'settings.profile': "내 프로필",
  'settings.security': "보안",
  'settings.connectedApps': "연결된 앱",
  'settings.signOut': "로그아웃",
  'settings.teams': "팀",
  'settings.createTeam': "팀 만들기",
  'settings.close': "닫기",
  'settings.edit': "편집",
  'settings.save': "저장",
  'settings.cancel': "취소",
  'profile.imageHeading': "프로필 이미지",
  'profile.imageText': "이미지를 클릭하여 새 이미지를 업로드하세요.",
  'profile.changeImage': "프로필 이미지 변경",
  'profile.displayName': "표시 이름",
  'profile.displayNameText': "다른 사람에게 보이는 이름입니다.",
  'profile.editDisplayName': "표시 이름 편집",
  'profile.notSet': "설정되지 않음",
  'profile.displayNameSaved': "표시 이름을 저장했습니다.",
  'profile.language': "언어",
  'profile.languageText': "이 화면과 보내드리는 이메일의 언어입니다.",
  'profile.languageAutomatic': "자동({language})",
  'profile.languageSaved': "언어를 저장했습니다.",
  'profile.memberSince': "{date} 가입",
  'signOut.text': "이 기기에서 계정에서 로그아웃합니다.",
  'settings.editLabel': "{label} 편집",
} satisfies Catalogue<SettingsKey>;
