// Japanese messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "{client} を許可しますか？",
  'consent.intro': "{client} が {project} のアカウントを使おうとしています。許可すると、次のことができるようになります。",
  'consent.signedInAs': "{user} としてサインイン中",
  'consent.allow': "許可",
  'consent.deny': "キャンセル",
  'scope.openid': "あなたが誰かを知る（アカウント ID）",
  'scope.profile': "名前とプロフィール画像を見る",
  'scope.email': "メールアドレスを見る",
  'scope.offline_access': "使っていないときもサインインしたままにする",
  'scope.teams': "所属しているチームを見る",
  'error.title': "このサインイン要求は完了できません",
  'error.hint': "アプリケーションに戻ってもう一度お試しいただくか、その管理者にお知らせください。",
  'signedOut.title': "サインアウトしました",
  'signedOut.body': "このウィンドウは閉じてかまいません。",
} satisfies Catalogue<OidcPagesKey>;
