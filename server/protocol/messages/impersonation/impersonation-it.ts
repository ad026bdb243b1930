// Italian messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "Impersonificazione: hai eseguito l’accesso come {user}. In questa sessione non è possibile modificare password, autenticazione a più fattori e passkey.",
  end: "Termina l’impersonificazione",
} satisfies Catalogue<ImpersonationKey>;
