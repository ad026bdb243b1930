// German messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "{client} zulassen?",
  'consent.intro': "{client} möchte Ihr Konto bei {project} verwenden. Die Anwendung kann dann:",
  'consent.signedInAs': "Angemeldet als {user}",
  'consent.allow': "Zulassen",
  'consent.deny': "Abbrechen",
  'scope.openid': "Erkennen, wer Sie sind (Ihre Konto-ID)",
  'scope.profile': "Ihren Namen und Ihr Profilbild sehen",
  'scope.email': "Ihre E-Mail-Adresse sehen",
  'scope.offline_access': "Angemeldet bleiben, auch wenn Sie sie gerade nicht verwenden",
  'scope.teams': "Die Teams sehen, denen Sie angehören",
  'error.title': "Diese Anmeldeanfrage kann nicht abgeschlossen werden",
  'error.hint': "Kehren Sie zur Anwendung zurück und versuchen Sie es erneut, oder wenden Sie sich an deren Administrator.",
  'signedOut.title': "Sie sind abgemeldet",
  'signedOut.body': "Sie können dieses Fenster schließen.",
} satisfies Catalogue<OidcPagesKey>;
