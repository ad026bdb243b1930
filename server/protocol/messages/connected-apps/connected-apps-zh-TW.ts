// Traditional Chinese messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "您允許使用此帳戶為您登入的應用程式，以及每個應用程式可查看的內容。",
  'apps.empty': "沒有應用程式連結到您的帳戶。",
  'apps.allowedOn': "允許於 {date}",
  'apps.revoke': "撤銷存取權",
  'apps.question': "要撤銷 {app} 的存取權嗎？您將從中登出，下次使用時它會再次要求您的許可。",
  'apps.confirm': "撤銷",
  'apps.cancel': "取消",
  'apps.revoked': "{app} 已無法再存取您的帳戶。",
  'apps.scope.openid': "知道您是誰（您的帳戶 ID）",
  'apps.scope.profile': "查看您的名稱和個人資料相片",
  'apps.scope.email': "查看您的電子郵件地址",
  'apps.scope.offline_access': "在您未使用時也保持登入",
  'apps.scope.teams': "查看您所屬的團隊",
} satisfies Catalogue<ConnectedAppsKey>;
