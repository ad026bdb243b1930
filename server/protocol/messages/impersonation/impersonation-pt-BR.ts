// Brazilian Portuguese messages of the impersonation banner (source: impersonation-en.ts).
import type { Catalogue } from '../message-format';
import type { ImpersonationKey } from './impersonation-en';

export default {
  banner: "Personificação: você está conectado como {user}. Nesta sessão não é possível alterar senhas, a autenticação multifator nem as chaves de acesso.",
  end: "Encerrar a personificação",
} satisfies Catalogue<ImpersonationKey>;
