// <AuthProvider>: loads the project, the current user and the screens' messages once, keeps the
// user in step with the session (sign-in, sign-out, other tabs), and gives hooks and screens the
// client, page URLs and messages (auth-provider-core.tsx), with the package's bundled messages.
import { AuthProviderCore, type AuthProviderProps } from './auth-provider-core';
import { bundledMessages } from './i18n/bundled-messages';

export type { AuthProviderProps };

const packageComponentCatalogues = ['components'] as const;

export function AuthProvider(props: AuthProviderProps) {
  return <AuthProviderCore {...props} messagesSource={bundledMessages} eagerCatalogues={packageComponentCatalogues} />;
}
