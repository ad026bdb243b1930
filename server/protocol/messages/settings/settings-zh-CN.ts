// Simplified Chinese messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "账户设置",
  'settings.profile': "我的资料",
  'settings.security': "安全",
  'settings.connectedApps': "已关联的应用",
  'settings.signOut': "退出登录",
  'settings.teams': "团队",
  'settings.createTeam': "创建团队",
  'settings.close': "关闭",
  'settings.edit': "编辑",
  'settings.save': "保存",
  'settings.cancel': "取消",
  'profile.imageHeading': "头像",
  'profile.imageText': "点击图片即可上传新头像。",
  'profile.changeImage': "更换头像",
  'profile.displayName': "显示名称",
  'profile.displayNameText': "其他人看到的您的名称。",
  'profile.editDisplayName': "编辑显示名称",
  'profile.notSet': "未设置",
  'profile.displayNameSaved': "显示名称已保存。",
  'profile.language': "语言",
  'profile.languageText': "这些页面以及发送给您的邮件所使用的语言。",
  'profile.languageAutomatic': "自动（{language}）",
  'profile.languageSaved': "语言已保存。",
  'profile.memberSince': "{date} 加入",
  'signOut.text': "在此设备上退出您的账户。",
  'settings.editLabel': "编辑{label}",
} satisfies Catalogue<SettingsKey>;
