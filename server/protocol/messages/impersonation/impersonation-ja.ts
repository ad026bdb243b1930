// Japanese messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "なりすましセッション：{user} としてサインインしています。このセッションではパスワード、多要素認証、パスキーを変更できません。",
  end: "なりすましを終了",
} satisfies Catalogue<ImpersonationKey>;
