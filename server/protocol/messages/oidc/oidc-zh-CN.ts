// Simplified Chinese messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "允许 {client} 吗？",
  'consent.intro': "{client} 想要使用您的 {project} 帐户。允许后，它将能够：",
  'consent.signedInAs': "当前登录身份：{user}",
  'consent.allow': "允许",
  'consent.deny': "取消",
  'scope.openid': "知道您是谁（您的帐户 ID）",
  'scope.profile': "查看您的姓名和头像",
  'scope.email': "查看您的电子邮件地址",
  'scope.offline_access': "在您不使用时也保持登录",
  'scope.teams': "查看您所属的团队",
  'error.title': "无法完成此登录请求",
  'error.hint': "请返回该应用后重试，或告知其管理员。",
  'signedOut.title': "您已退出登录",
  'signedOut.body': "您可以关闭此窗口。",
} satisfies Catalogue<OidcPagesKey>;
