// Japanese messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "このアカウントでのサインインを許可したアプリと、それぞれが見られる情報です。",
  'apps.empty': "アカウントに連携しているアプリはありません。",
  'apps.allowedOn': "{date} に許可",
  'apps.revoke': "アクセスを取り消す",
  'apps.question': "{app} のアクセスを取り消しますか？ このアプリからサインアウトされ、次に使うときに改めて許可を求められます。",
  'apps.confirm': "取り消す",
  'apps.cancel': "キャンセル",
  'apps.revoked': "{app} はアカウントにアクセスできなくなりました。",
  'apps.scope.openid': "あなたが誰かを知る（アカウント ID）",
  'apps.scope.profile': "名前とプロフィール画像を見る",
  'apps.scope.email': "メールアドレスを見る",
  'apps.scope.offline_access': "使っていないときもサインインしたままにする",
  'apps.scope.teams': "所属しているチームを見る",
} satisfies Catalogue<ConnectedAppsKey>;
