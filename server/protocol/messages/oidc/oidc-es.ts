// Spanish messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "¿Permitir el acceso a {client}?",
  'consent.intro': "{client} quiere usar tu cuenta de {project}. Podrá:",
  'consent.signedInAs': "Has iniciado sesión como {user}",
  'consent.allow': "Permitir",
  'consent.deny': "Cancelar",
  'scope.openid': "Saber quién eres (el identificador de tu cuenta)",
  'scope.profile': "Ver tu nombre y tu foto de perfil",
  'scope.email': "Ver tu dirección de correo electrónico",
  'scope.offline_access': "Mantener la sesión iniciada aunque no la estés usando",
  'scope.teams': "Ver los equipos a los que perteneces",
  'error.title': "No se puede completar esta solicitud de inicio de sesión",
  'error.hint': "Vuelve a la aplicación e inténtalo de nuevo, o avisa a su administrador.",
  'signedOut.title': "Has cerrado la sesión",
  'signedOut.body': "Ya puedes cerrar esta ventana.",
} satisfies Catalogue<OidcPagesKey>;
