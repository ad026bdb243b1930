// Japanese messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "アカウント設定",
  'settings.profile': "マイプロフィール",
  'settings.security': "セキュリティ",
  'settings.connectedApps': "連携アプリ",
  'settings.signOut': "サインアウト",
  'settings.teams': "チーム",
  'settings.createTeam': "チームを作成",
  'settings.close': "閉じる",
  'settings.edit': "編集",
  'settings.save': "保存",
  'settings.cancel': "キャンセル",
  'profile.imageHeading': "プロフィール画像",
  'profile.imageText': "画像をクリックすると、新しい画像をアップロードできます。",
  'profile.changeImage': "プロフィール画像を変更",
  'profile.displayName': "表示名",
  'profile.displayNameText': "ほかのユーザーに表示される名前です。",
  'profile.editDisplayName': "表示名を編集",
  'profile.notSet': "未設定",
  'profile.displayNameSaved': "表示名を保存しました。",
  'profile.language': "言語",
  'profile.languageText': "この画面と、お送りするメールの言語です。",
  'profile.languageAutomatic': "自動（{language}）",
  'profile.languageSaved': "言語を保存しました。",
  'profile.memberSince': "{date} から利用",
  'signOut.text': "このデバイスでアカウントからサインアウトします。",
  'settings.editLabel': "{label}を編集",
} satisfies Catalogue<SettingsKey>;
