// Simplified Chinese messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "您允许使用此帐户为您登录的应用，以及每个应用可以查看的内容。",
  'apps.empty': "没有应用关联到您的帐户。",
  'apps.allowedOn': "允许于 {date}",
  'apps.revoke': "撤销访问权限",
  'apps.question': "要撤销 {app} 的访问权限吗？您将从中退出登录，下次使用时它会再次请求您的许可。",
  'apps.confirm': "撤销",
  'apps.cancel': "取消",
  'apps.revoked': "{app} 已无法再访问您的帐户。",
  'apps.scope.openid': "知道您是谁（您的帐户 ID）",
  'apps.scope.profile': "查看您的姓名和头像",
  'apps.scope.email': "查看您的电子邮件地址",
  'apps.scope.offline_access': "在您不使用时也保持登录",
  'apps.scope.teams': "查看您所属的团队",
} satisfies Catalogue<ConnectedAppsKey>;
