// Korean messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "계정",
  'userButton.menuOf': "{name}의 계정 메뉴",
  'userButton.menuSignedOut': "계정 메뉴, 로그인하지 않음",
  'userButton.notSignedIn': "로그인하지 않음",
  'userButton.accountSettings': "계정 설정",
  'userButton.toggleTheme': "테마 전환",
  'teamSwitcher.team': "팀",
  'teamSwitcher.select': "팀 선택",
  'teamSwitcher.current': "현재 팀",
  'teamSwitcher.settings': "팀 설정",
  'teamSwitcher.loading': "팀을 불러오는 중…",
  'teamSwitcher.others': "다른 팀",
  'teamSwitcher.none': "아직 팀이 없습니다",
  'teamSwitcher.create': "팀 만들기",
} satisfies Catalogue<ComponentsKey>;
