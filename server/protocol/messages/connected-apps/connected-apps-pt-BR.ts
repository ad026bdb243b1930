// Brazilian Portuguese messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "Os apps que você permitiu que fizessem seu login com esta conta e o que cada um pode ver.",
  'apps.empty': "Nenhum app está conectado à sua conta.",
  'apps.allowedOn': "Permitido em {date}",
  'apps.revoke': "Revogar acesso",
  'apps.question': "Revogar o acesso de {app}? Você será desconectado dele, e ele pedirá sua permissão de novo na próxima vez que você o usar.",
  'apps.confirm': "Revogar",
  'apps.cancel': "Cancelar",
  'apps.revoked': "{app} não tem mais acesso à sua conta.",
  'apps.scope.openid': "Saber quem você é (o identificador da sua conta)",
  'apps.scope.profile': "Ver seu nome e sua foto de perfil",
  'apps.scope.email': "Ver seu endereço de e-mail",
  'apps.scope.offline_access': "Manter você conectado mesmo quando não estiver usando",
  'apps.scope.teams': "Ver as equipes de que você faz parte",
} satisfies Catalogue<ConnectedAppsKey>;
