// What the provider shares with hooks and screens: the client, the page URLs and redirect rules
// (a React context), and the loaded user and project (jotai atoms in the provider's own store).
import { atom } from 'jotai';
import { createContext, useContext } from 'react';
import type { AuthClient, ClientProject, CurrentUser } from '../client/index';
import type { HandlerPage } from './redirect-rules';

export type ThemeChoice = 'light' | 'dark' | 'system';

/** Where the screens send people; every value is a URL or an absolute path. */
export interface AuthPageUrls extends Record<HandlerPage, string> {
  home: string;
  afterSignIn: string;
  afterSignUp: string;
  afterSignOut: string;
}

export interface AuthRuntime {
  client: AuthClient;
  /** The handler base path, normalised (no trailing `/`). */
  handlerPath: string;
  urls: AuthPageUrls;
  theme: ThemeChoice;
  /** Extra redirect targets trusted besides this origin. */
  trustedOrigins: readonly string[];
  /** Also trust any localhost origin, as a project that allows localhost does. */
  allowLocalhost: boolean;
  navigate(url: string): void;
  /** Reads the current user again (after a sign-in, sign-out or profile change). */
  reloadUser(): Promise<CurrentUser | null>;
}

export const AuthRuntimeContext = createContext<AuthRuntime | null>(null);

export const currentUserAtom = atom<CurrentUser | null>(null);
export const projectAtom = atom<ClientProject | null>(null);

export function useAuthRuntime(): AuthRuntime {
  const runtime = useContext(AuthRuntimeContext);
  if (!runtime) throw new Error('authd: this component must be rendered inside <AuthProvider>.');
  return runtime;
}
