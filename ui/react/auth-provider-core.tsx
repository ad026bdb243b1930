// The provider's workings: loads the project, the current user and the screens' messages in
// their language once, keeps the user in step with the session (sign-in, sign-out, other tabs),
// and gives hooks and screens the client, page URLs and messages. <AuthProvider> (auth-provider.tsx)
// is this with the package's bundled messages; the hosted screens give their own source.
import { Suspense, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
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
import { browserLanguages, chooseLocale } from './i18n/locale-choice';
import { MessagesContext, type MessagesValue } from './i18n/messages-context';
import { cachesFor } from './i18n/catalogue-cache';
import type { MessageArea, MessagesSource } from './i18n/messages-source';
import type { Catalogue } from '../../server/protocol/messages/message-format';
import type { ScreensKey } from '../../server/protocol/messages/screens/screens-en';
import type { MessageDecorator } from './i18n/translator';

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
  /**
   * The language of the screens, chosen by the app: it outranks the user's stored locale. One of
   * `supportedLocales` (or a tag matching one, `ja-JP` → `ja`); default: the user's stored
   * locale, else the browser's languages, else `defaultLocale`, else English.
   */
  locale?: string;
  /** The language when neither the user nor the browser names a supported one (a project's default). */
  defaultLocale?: string;
  /** The request's languages when a server matched them (the hosted screens' Accept-Language); default: the browser's. */
  requestLocale?: string | null;
  /** Wraps every catalogue message (a pseudo locale for tests of the screens); no one else needs it. */
  messageDecorator?: MessageDecorator;
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

export interface AuthProviderCoreProps extends AuthProviderProps {
  messagesSource: MessagesSource;
  /**
   * Catalogues loaded with `screens` before anything renders, so what uses them never waits: the
   * package's <UserButton> and <SelectedTeamSwitcher> sit in a host app's own header.
   */
  eagerCatalogues?: readonly MessageArea[];
}

export function AuthProviderCore(props: AuthProviderCoreProps) {
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

  // The language: chosen again when the user changes (a stored locale saved in the settings).
  const user = useSyncExternalStore(store.currentUser.subscribe, store.currentUser.get, store.currentUser.get);
  const requested = props.requestLocale ?? browserLanguages();
  const locale = chooseLocale({ explicit: props.locale, user: user?.locale, requested, projectDefault: props.defaultLocale });
  const decorate = props.messageDecorator ?? null;
  const source = props.messagesSource;
  const [messages, setMessages] = useState<MessagesValue | null>(null);
  useEffect(() => {
    let active = true;
    const caches = cachesFor(source);
    for (const area of props.eagerCatalogues ?? []) caches.used.add(area);
    // Until the new locale's messages are here the screens keep the ones they have.
    void Promise.all([...caches.used].map((area) => caches.area(area).load(locale))).then(
      () =>
        active &&
        setMessages({ locale, screens: caches.area('screens').peek(locale) as Catalogue<ScreensKey>, decorate, source }),
      (error: unknown) => active && setLoadError(error),
    );
    return () => {
      active = false;
    };
  }, [locale, decorate, source, props.eagerCatalogues]);

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

  // The first screen waits for its own language (the user's stored one may differ from the one
  // fetched meanwhile); later changes keep the old words on screen until the new ones arrive.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (loaded && messages?.locale === locale) setSettled(true);
  }, [loaded, messages, locale]);
  // A project that cannot be read (network down after retries, wrong key) is not something the
  // screens can work around: surface it to the host's error boundary.
  if (loadError) throw loadError;
  if (!loaded || !messages || (!settled && messages.locale !== locale)) return <>{props.fallback ?? null}</>;
  return (
    <AuthRuntimeContext.Provider value={runtime}>
      <AuthStateContext.Provider value={store}>
        <MessagesContext.Provider value={messages}>
          <Suspense fallback={props.fallback ?? null}>{props.children}</Suspense>
        </MessagesContext.Provider>
      </AuthStateContext.Provider>
    </AuthRuntimeContext.Provider>
  );
}
