// Italian messages of the OpenID Provider's own pages (source: oidc-en.ts).
import type { Catalogue } from '../message-format';
import type { OidcPagesKey } from './oidc-en';

export default {
  'consent.title': "Consentire l’accesso a {client}?",
  'consent.intro': "{client} vuole usare il tuo account {project}. Potrà:",
  'consent.signedInAs': "Accesso effettuato come {user}",
  'consent.allow': "Consenti",
  'consent.deny': "Annulla",
  'scope.openid': "Sapere chi sei (l’identificativo del tuo account)",
  'scope.profile': "Vedere il tuo nome e la tua immagine del profilo",
  'scope.email': "Vedere il tuo indirizzo email",
  'scope.offline_access': "Mantenere l’accesso anche quando non la usi",
  'scope.teams': "Vedere i team di cui fai parte",
  'error.title': "Questa richiesta di accesso non può essere completata",
  'error.hint': "Torna all’applicazione e riprova, oppure avvisa il suo amministratore.",
  'signedOut.title': "Sei uscito",
  'signedOut.body': "Puoi chiudere questa finestra.",
} satisfies Catalogue<OidcPagesKey>;
