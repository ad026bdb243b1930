// Italian messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "Le app a cui hai consentito di farti accedere con questo account e ciò che ciascuna può vedere.",
  'apps.empty': "Nessuna app è collegata al tuo account.",
  'apps.allowedOn': "Consentita il {date}",
  'apps.revoke': "Revoca l’accesso",
  'apps.question': "Revocare l’accesso a {app}? Verrai disconnesso dall’app, che ti chiederà di nuovo il consenso la prossima volta che la usi.",
  'apps.confirm': "Revoca",
  'apps.cancel': "Annulla",
  'apps.revoked': "{app} non ha più accesso al tuo account.",
  'apps.scope.openid': "Sapere chi sei (l’identificativo del tuo account)",
  'apps.scope.profile': "Vedere il tuo nome e la tua immagine del profilo",
  'apps.scope.email': "Vedere il tuo indirizzo email",
  'apps.scope.offline_access': "Mantenere l’accesso anche quando non la usi",
  'apps.scope.teams': "Vedere i team di cui fai parte",
} satisfies Catalogue<ConnectedAppsKey>;
