// <AuthProvider>: loads the project and the current user once, keeps the user in step with the
// session (sign-in, sign-out, other tabs), and gives hooks and screens the client and page URLs.
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthClient } from '../client/index';
import {
  AuthRuntimeContext,
  AuthStateContext,
  createAuthState,
  type AuthPageUrls,
  type AuthRuntime,
  type ThemeChoice,
} from './auth-context';
import { navigateInBrowser } from './navigation';
import { handlerPages, normalizeHandlerPath } from './redirect-rules';

export interface AuthProviderProps {
  client: AuthClient;
  /** Base path of the handler pages; must start with `/`. Default: the client's (`/handler`). */
  handlerPath?: string;
  /** Default `/`. */
  homeUrl?: string;
  /** Default: home. */
  afterSignInUrl?: string;
  /** Default: home. */
  afterSignUpUrl?: string;
  /** Default: home. */
  afterSignOutUrl?: string;
  /** Origins (optionally with a path) that `after_auth_return_to` may point to besides this one. */
  trustedOrigins?: readonly string[];
  /** Trust any localhost origin as a redirect target (projects that allow localhost). */
  allowLocalhost?: boolean;
  /** Default `system` (follows the browser's preference). */
  theme?: ThemeChoice;
  /** How to change pages; default: History API for handler pages, a full navigation otherwise. */
  navigate?: (url: string) => void;
  /** Shown while the project and user load. */
  fallback?: ReactNode;
  children?: ReactNode;
}

function handlerPathOf(client: AuthClient): string {
  try {
    return new URL(client.handlerUrls().signIn).pathname.replace(/\/sign-in$/, '') || '/';
  } catch {
    return '/handler';
  }
}

export function AuthProvider(props: AuthProviderProps) {
  const { client } = props;
  const store = useMemo(() => createAuthState(), []);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);

  const runtime = useMemo((): AuthRuntime => {
    const handlerPath = normalizeHandlerPath(props.handlerPath ?? handlerPathOf(client));
    const home = props.homeUrl ?? '/';
    const pages = Object.fromEntries(handlerPages.map((page) => [page, `${handlerPath}/${page}`])) as Record<
      (typeof handlerPages)[number],
      string
    >;
    const urls: AuthPageUrls = {
      ...pages,
      home,
      afterSignIn: props.afterSignInUrl ?? home,
      afterSignUp: props.afterSignUpUrl ?? home,
      afterSignOut: props.afterSignOutUrl ?? home,
    };
    return {
      client,
      handlerPath,
      urls,
      theme: props.theme ?? 'system',
      trustedOrigins: props.trustedOrigins ?? [],
      allowLocalhost: props.allowLocalhost ?? false,
      navigate: props.navigate ?? ((url) => navigateInBrowser(url, handlerPath)),
      async reloadUser() {
        const user = await client.getCurrentUser();
        store.currentUser.set(user);
        return user;
      },
    };
  }, [
    client,
    store,
    props.handlerPath,
    props.homeUrl,
    props.afterSignInUrl,
    props.afterSignUpUrl,
    props.afterSignOutUrl,
    props.trustedOrigins,
    props.allowLocalhost,
    props.theme,
    props.navigate,
  ]);

  useEffect(() => {
    let active = true;
    // The refresh token the shown user was read under. A change that keeps it (the access token
    // refreshed, as the first call of a page often does) is the same user: reading /users/me
    // again for it doubled that call on every signed-in page load.
    let userReadWith: string | null | undefined;
    void client
      .getTokens()
      .then(async (tokens) => {
        userReadWith ??= tokens.refreshToken;
        return await Promise.all([client.getProject(), client.getCurrentUser()]);
      })
      .then(
        ([project, user]) => {
          if (!active) return;
          store.project.set(project);
          store.currentUser.set(user);
          setLoaded(true);
        },
        (error: unknown) => active && setLoadError(error),
      );
    // Sign-in, sign-out and token changes in other tabs all arrive here.
    const unsubscribe = client.onSessionChange((tokens) => {
      if (tokens.refreshToken !== null && tokens.refreshToken === userReadWith) return;
      userReadWith = tokens.refreshToken;
      void client.getCurrentUser().then(
        (user) => active && store.currentUser.set(user),
        () => undefined,
      );
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [client, store]);

  // A project that cannot be read (network down after retries, wrong key) is not something the
  // screens can work around: surface it to the host's error boundary.
  if (loadError) throw loadError;
  if (!loaded) return <>{props.fallback ?? null}</>;
  return (
    <AuthRuntimeContext.Provider value={runtime}>
      <AuthStateContext.Provider value={store}>
        <Suspense fallback={props.fallback ?? null}>{props.children}</Suspense>
      </AuthStateContext.Provider>
    </AuthRuntimeContext.Provider>
  );
}
