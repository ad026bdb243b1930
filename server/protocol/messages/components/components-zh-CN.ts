// Simplified Chinese messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "账号",
  'userButton.menuOf': "{name} 的账号菜单",
  'userButton.menuSignedOut': "账号菜单，未登录",
  'userButton.notSignedIn': "未登录",
  'userButton.accountSettings': "账号设置",
  'userButton.toggleTheme': "切换主题",
  'teamSwitcher.team': "团队",
  'teamSwitcher.select': "选择团队",
  'teamSwitcher.current': "当前团队",
  'teamSwitcher.settings': "团队设置",
  'teamSwitcher.loading': "正在加载团队…",
  'teamSwitcher.others': "其他团队",
  'teamSwitcher.none': "还没有团队",
  'teamSwitcher.create': "创建团队",
} satisfies Catalogue<ComponentsKey>;
