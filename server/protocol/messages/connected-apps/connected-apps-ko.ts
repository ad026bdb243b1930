// Korean messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "이 계정으로 로그인하도록 허용한 앱과 각 앱이 볼 수 있는 정보입니다.",
  'apps.empty': "계정에 연결된 앱이 없습니다.",
  'apps.allowedOn': "{date}에 허용함",
  'apps.revoke': "연결 해제",
  'apps.question': "{app}의 연결을 해제하시겠습니까? 이 앱에서 로그아웃되며, 다음에 사용할 때 다시 권한을 요청합니다.",
  'apps.confirm': "연결 해제",
  'apps.cancel': "취소",
  'apps.revoked': "{app}의 연결이 해제되어 더 이상 계정에 액세스할 수 없습니다.",
  'apps.scope.openid': "사용자가 누구인지 확인(계정 ID)",
  'apps.scope.profile': "이름과 프로필 사진 보기",
  'apps.scope.email': "이메일 주소 보기",
  'apps.scope.offline_access': "사용하지 않을 때도 로그인 상태 유지",
  'apps.scope.teams': "소속된 팀 보기",
} satisfies Catalogue<ConnectedAppsKey>;
