// German messages of account settings' Connected apps item (source: connected-apps-en.ts).
import type { Catalogue } from '../message-format';
import type { ConnectedAppsKey } from './connected-apps-en';

export default {
  'apps.text': "Apps, denen Sie erlaubt haben, Sie mit diesem Konto anzumelden, und was jede davon sehen darf.",
  'apps.empty': "Mit Ihrem Konto sind keine Apps verbunden.",
  'apps.allowedOn': "Zugelassen am {date}",
  'apps.revoke': "Zugriff entziehen",
  'apps.question': "{app} den Zugriff entziehen? Sie werden dort abgemeldet, und die App bittet Sie bei der nächsten Nutzung erneut um Ihre Erlaubnis.",
  'apps.confirm': "Entziehen",
  'apps.cancel': "Abbrechen",
  'apps.revoked': "{app} hat keinen Zugriff mehr auf Ihr Konto.",
  'apps.scope.openid': "Erkennen, wer Sie sind (Ihre Konto-ID)",
  'apps.scope.profile': "Ihren Namen und Ihr Profilbild sehen",
  'apps.scope.email': "Ihre E-Mail-Adresse sehen",
  'apps.scope.offline_access': "Angemeldet bleiben, auch wenn Sie sie gerade nicht verwenden",
  'apps.scope.teams': "Die Teams sehen, denen Sie angehören",
} satisfies Catalogue<ConnectedAppsKey>;
