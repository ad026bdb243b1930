// What the provider shares with hooks and screens: the client, the page URLs and redirect rules
// (a React context), and the loaded user and project (values in the provider's own store).
import { createContext, useContext, useSyncExternalStore } from 'react';
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

/**
 * A value the provider loads and the screens read, re-rendering them when it changes. Two such
 * values are all the state the screens share, so this replaces jotai: its store cost every
 * screen about 2.5 KB brotli of its first load.
 */
export interface SharedValue<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function sharedValue<T>(initial: T): SharedValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Each provider's loaded user and project (several providers on a page keep their own). */
export interface AuthState {
  currentUser: SharedValue<CurrentUser | null>;
  project: SharedValue<ClientProject | null>;
}

export function createAuthState(): AuthState {
  return { currentUser: sharedValue<CurrentUser | null>(null), project: sharedValue<ClientProject | null>(null) };
}

export const AuthStateContext = createContext<AuthState | null>(null);

/** Outside a provider there is no state: the value reads as null and never changes. */
const noValue: SharedValue<null> = sharedValue(null);

function useSharedValue<T>(pick: (state: AuthState) => SharedValue<T>): T | null {
  const state = useContext(AuthStateContext);
  const value: SharedValue<T | null> = state ? pick(state) : noValue;
  return useSyncExternalStore(value.subscribe, value.get, value.get);
}

/** The signed-in user as the provider last read it, or null. */
export function useCurrentUserValue(): CurrentUser | null {
  return useSharedValue((state) => state.currentUser);
}

/** The project as the provider loaded it, or null before that (or outside a provider). */
export function useProjectValue(): ClientProject | null {
  return useSharedValue((state) => state.project);
}

export function useAuthRuntime(): AuthRuntime {
  const runtime = useContext(AuthRuntimeContext);
  if (!runtime) throw new Error('authd: this component must be rendered inside <AuthProvider>.');
  return runtime;
}
