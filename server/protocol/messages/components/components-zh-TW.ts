// Traditional Chinese messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "帳號",
  'userButton.menuOf': "{name} 的帳號選單",
  'userButton.menuSignedOut': "帳號選單，尚未登入",
  'userButton.notSignedIn': "尚未登入",
  'userButton.accountSettings': "帳號設定",
  'userButton.toggleTheme': "切換佈景主題",
  'teamSwitcher.team': "團隊",
  'teamSwitcher.select': "選擇團隊",
  'teamSwitcher.current': "目前的團隊",
  'teamSwitcher.settings': "團隊設定",
  'teamSwitcher.loading': "正在載入團隊…",
  'teamSwitcher.others': "其他團隊",
  'teamSwitcher.none': "還沒有團隊",
  'teamSwitcher.create': "建立團隊",
} satisfies Catalogue<ComponentsKey>;
