// Traditional Chinese messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "模擬登入：你正以 {user} 的身分登入。在此工作階段中無法變更密碼、多重要素驗證和通行金鑰。",
  end: "結束模擬登入",
} satisfies Catalogue<ImpersonationKey>;
