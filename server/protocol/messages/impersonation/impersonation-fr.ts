// French messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "Emprunt d’identité : vous êtes connecté en tant que {user}. Les mots de passe, l’authentification multifacteur et les clés d’accès ne peuvent pas être modifiés dans cette session.",
  end: "Mettre fin à l’emprunt d’identité",
} satisfies Catalogue<ImpersonationKey>;
