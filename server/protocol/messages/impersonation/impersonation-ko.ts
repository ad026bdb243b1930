// Korean messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "대리 로그인: {user}(으)로 로그인되어 있습니다. 이 세션에서는 비밀번호, 다단계 인증, 패스키를 변경할 수 없습니다.",
  end: "대리 로그인 종료",
} satisfies Catalogue<ImpersonationKey>;
