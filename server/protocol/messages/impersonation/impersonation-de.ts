// German messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "Identitätsübernahme: Sie sind als {user} angemeldet. Passwörter, Multi-Faktor-Authentifizierung und Passkeys können in dieser Sitzung nicht geändert werden.",
  end: "Identitätsübernahme beenden",
} satisfies Catalogue<ImpersonationKey>;
