// Spanish messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "Suplantación: has iniciado sesión como {user}. En esta sesión no se pueden cambiar las contraseñas, la autenticación multifactor ni las llaves de acceso.",
  end: "Terminar la suplantación",
} satisfies Catalogue<ImpersonationKey>;
