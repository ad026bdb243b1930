// Korean messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "{client}을(를) 허용하시겠습니까?",
  'consent.intro': "{client}에서 {project} 계정을 사용하려고 합니다. 허용하면 다음을 할 수 있습니다.",
  'consent.signedInAs': "{user}(으)로 로그인됨",
  'consent.allow': "허용",
  'consent.deny': "취소",
  'scope.openid': "사용자가 누구인지 확인(계정 ID)",
  'scope.profile': "이름과 프로필 사진 보기",
  'scope.email': "이메일 주소 보기",
  'scope.offline_access': "사용하지 않을 때도 로그인 상태 유지",
  'scope.teams': "소속된 팀 보기",
  'error.title': "이 로그인 요청을 완료할 수 없습니다",
  'error.hint': "애플리케이션으로 돌아가 다시 시도하거나 해당 관리자에게 알려 주세요.",
  'signedOut.title': "로그아웃되었습니다",
  'signedOut.body': "이 창을 닫아도 됩니다.",
} satisfies Catalogue<OidcPagesKey>;
