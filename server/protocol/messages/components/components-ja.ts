// Japanese messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "アカウント",
  'userButton.menuOf': "{name} のアカウントメニュー",
  'userButton.menuSignedOut': "アカウントメニュー（未サインイン）",
  'userButton.notSignedIn': "サインインしていません",
  'userButton.accountSettings': "アカウント設定",
  'userButton.toggleTheme': "テーマを切り替え",
  'teamSwitcher.team': "チーム",
  'teamSwitcher.select': "チームを選択",
  'teamSwitcher.current': "現在のチーム",
  'teamSwitcher.settings': "チーム設定",
  'teamSwitcher.loading': "チームを読み込み中…",
  'teamSwitcher.others': "ほかのチーム",
  'teamSwitcher.none': "まだチームがありません",
  'teamSwitcher.create': "チームを作成",
} satisfies Catalogue<ComponentsKey>;
