// Traditional Chinese messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "要允許 {client} 嗎？",
  'consent.intro': "{client} 想要使用您的 {project} 帳戶。允許後，它將能夠：",
  'consent.signedInAs': "目前登入身分：{user}",
  'consent.allow': "允許",
  'consent.deny': "取消",
  'scope.openid': "知道您是誰（您的帳戶 ID）",
  'scope.profile': "查看您的名稱和個人資料相片",
  'scope.email': "查看您的電子郵件地址",
  'scope.offline_access': "在您未使用時也保持登入",
  'scope.teams': "查看您所屬的團隊",
  'error.title': "無法完成這項登入要求",
  'error.hint': "請返回該應用程式後再試一次，或告知其管理員。",
  'signedOut.title': "您已登出",
  'signedOut.body': "您可以關閉這個視窗。",
} satisfies Catalogue<OidcPagesKey>;
