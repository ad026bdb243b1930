// Simplified Chinese messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "模拟登录：你正以 {user} 的身份登录。在此会话中无法更改密码、多重身份验证和通行密钥。",
  end: "结束模拟登录",
} satisfies Catalogue<ImpersonationKey>;
