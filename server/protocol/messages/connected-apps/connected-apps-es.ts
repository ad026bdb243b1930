// Spanish messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "Las aplicaciones a las que permitiste iniciar tu sesión con esta cuenta y lo que cada una puede ver.",
  'apps.empty': "No hay aplicaciones conectadas a tu cuenta.",
  'apps.allowedOn': "Permitida el {date}",
  'apps.revoke': "Revocar el acceso",
  'apps.question': "¿Revocar el acceso de {app}? Se cerrará tu sesión en ella y volverá a pedirte permiso la próxima vez que la uses.",
  'apps.confirm': "Revocar",
  'apps.cancel': "Cancelar",
  'apps.revoked': "{app} ya no tiene acceso a tu cuenta.",
  'apps.scope.openid': "Saber quién eres (el identificador de tu cuenta)",
  'apps.scope.profile': "Ver tu nombre y tu foto de perfil",
  'apps.scope.email': "Ver tu dirección de correo electrónico",
  'apps.scope.offline_access': "Mantener la sesión iniciada aunque no la estés usando",
  'apps.scope.teams': "Ver los equipos a los que perteneces",
} satisfies Catalogue<ConnectedAppsKey>;
