// Traditional Chinese (Taiwan) messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "帳戶設定",
  'settings.profile': "我的個人資料",
  'settings.security': "安全性",
  'settings.connectedApps': "已連結的應用程式",
  'settings.signOut': "登出",
  'settings.teams': "團隊",
  'settings.createTeam': "建立團隊",
  'settings.close': "關閉",
  'settings.edit': "編輯",
  'settings.save': "儲存",
  'settings.cancel': "取消",
  'profile.imageHeading': "個人資料相片",
  'profile.imageText': "按一下圖片即可上傳新的相片。",
  'profile.changeImage': "變更個人資料相片",
  'profile.displayName': "顯示名稱",
  'profile.displayNameText': "其他人看到的您的名稱。",
  'profile.editDisplayName': "編輯顯示名稱",
  'profile.notSet': "未設定",
  'profile.displayNameSaved': "顯示名稱已儲存。",
  'profile.language': "語言",
  'profile.languageText': "這些畫面以及寄給您的電子郵件所使用的語言。",
  'profile.languageAutomatic': "自動（{language}）",
  'profile.languageSaved': "語言已儲存。",
  'profile.memberSince': "{date} 加入",
  'signOut.text': "在這部裝置上登出您的帳戶。",
  'settings.editLabel': "編輯{label}",
} satisfies Catalogue<SettingsKey>;
