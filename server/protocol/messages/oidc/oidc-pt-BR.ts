// Brazilian Portuguese messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "Permitir o acesso de {client}?",
  'consent.intro': "{client} quer usar sua conta de {project}. O aplicativo poderá:",
  'consent.signedInAs': "Conectado como {user}",
  'consent.allow': "Permitir",
  'consent.deny': "Cancelar",
  'scope.openid': "Saber quem você é (o identificador da sua conta)",
  'scope.profile': "Ver seu nome e sua foto de perfil",
  'scope.email': "Ver seu endereço de e-mail",
  'scope.offline_access': "Manter você conectado mesmo quando não estiver usando",
  'scope.teams': "Ver as equipes de que você faz parte",
  'error.title': "Não é possível concluir este pedido de login",
  'error.hint': "Volte ao aplicativo e tente de novo, ou avise o administrador dele.",
  'signedOut.title': "Você saiu da sua conta",
  'signedOut.body': "Você já pode fechar esta janela.",
} satisfies Catalogue<OidcPagesKey>;
