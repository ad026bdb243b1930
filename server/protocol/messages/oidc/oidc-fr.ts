// French messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "Autoriser {client} ?",
  'consent.intro': "{client} souhaite utiliser votre compte {project}. L’application pourra :",
  'consent.signedInAs': "Connecté en tant que {user}",
  'consent.allow': "Autoriser",
  'consent.deny': "Annuler",
  'scope.openid': "Savoir qui vous êtes (l’identifiant de votre compte)",
  'scope.profile': "Voir votre nom et votre photo de profil",
  'scope.email': "Voir votre adresse e-mail",
  'scope.offline_access': "Vous garder connecté même lorsque vous ne l’utilisez pas",
  'scope.teams': "Voir les équipes dont vous faites partie",
  'error.title': "Cette demande de connexion ne peut pas aboutir",
  'error.hint': "Revenez à l’application et réessayez, ou prévenez son administrateur.",
  'signedOut.title': "Vous êtes déconnecté",
  'signedOut.body': "Vous pouvez fermer cette fenêtre.",
} satisfies Catalogue<OidcPagesKey>;
