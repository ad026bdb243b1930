// French messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "Les applications que vous avez autorisées à vous connecter avec ce compte, et ce que chacune peut voir.",
  'apps.empty': "Aucune application n’est connectée à votre compte.",
  'apps.allowedOn': "Autorisée le {date}",
  'apps.revoke': "Révoquer l’accès",
  'apps.question': "Révoquer l’accès de {app} ? Vous en serez déconnecté, et elle vous redemandera votre autorisation la prochaine fois que vous l’utiliserez.",
  'apps.confirm': "Révoquer",
  'apps.cancel': "Annuler",
  'apps.revoked': "{app} n’a plus accès à votre compte.",
  'apps.scope.openid': "Savoir qui vous êtes (l’identifiant de votre compte)",
  'apps.scope.profile': "Voir votre nom et votre photo de profil",
  'apps.scope.email': "Voir votre adresse e-mail",
  'apps.scope.offline_access': "Vous garder connecté même lorsque vous ne l’utilisez pas",
  'apps.scope.teams': "Voir les équipes dont vous faites partie",
} satisfies Catalogue<ConnectedAppsKey>;
