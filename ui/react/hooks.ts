// The hooks host apps use: the client, the project, the current user (optionally redirecting to
// sign-in or throwing when signed out), and the redirect helpers the screens share.
import { useCallback } from 'react';
import type { AuthClient, ClientProject, CurrentUser } from '../client/index';
import { useAuthRuntime, useCurrentUserValue, useProjectValue, type AuthPageUrls } from './auth-context';
import { isTrustedRedirect, refusedRedirectUrl, returnToParameter, trustOf, withReturnTo } from './redirect-rules';

/** Thrown by `useUser({ or: 'throw' })` when nobody is signed in. */
export class UserNotSignedInError extends Error {
  constructor() {
    super('No user is signed in.');
    this.name = 'UserNotSignedInError';
  }
}

export function useAuthClient(): AuthClient {
  return useAuthRuntime().client;
}

/** The project's client view: its name and which sign-in methods are on. */
export function useProject(): ClientProject {
  const project = useProjectValue();
  if (!project) throw new Error('authd: the project is not loaded yet.');
  return project;
}

/** The handler page URLs and the home/after-auth targets the provider was given. */
export function useAuthUrls(): AuthPageUrls {
  return useAuthRuntime().urls;
}

// A promise that never settles: suspends the caller while the browser leaves for sign-in.
const leavingPage = new Promise<never>(() => undefined);

/**
 * The signed-in user, or null. `or: 'redirect'` sends a signed-out visitor to sign-in with
 * `after_auth_return_to` set to the current page (and suspends meanwhile); `or: 'throw'` throws
 * `UserNotSignedInError`. With either option the result is never null.
 */
export function useUser(options: { or: 'redirect' | 'throw' }): CurrentUser;
export function useUser(options?: { or?: 'return-null' }): CurrentUser | null;
export function useUser(options: { or?: 'redirect' | 'throw' | 'return-null' } = {}): CurrentUser | null {
  const runtime = useAuthRuntime();
  const user = useCurrentUserValue();
  if (user || !options.or || options.or === 'return-null') return user;
  if (options.or === 'throw') throw new UserNotSignedInError();
  const here = location.pathname + location.search + location.hash;
  runtime.navigate(withReturnTo(runtime.urls['sign-in'], here, location.href));
  throw leavingPage;
}

/** Links between the screens keep `after_auth_return_to`, so the return target survives them. */
export function useUrlKeepingReturnTo(): (url: string) => string {
  return useCallback((url: string) => {
    const returnTo = new URLSearchParams(location.search).get(returnToParameter);
    return returnTo === null ? url : withReturnTo(url, returnTo, location.href);
  }, []);
}

/**
 * After a sign-in or sign-up: to `after_auth_return_to` when present and trusted, to the error
 * page when present and untrusted, otherwise to the after-sign-in/up page.
 */
export function useRedirectAfterAuth(): (kind: 'sign-in' | 'sign-up') => void {
  const runtime = useAuthRuntime();
  return useCallback(
    (kind) => {
      const returnTo = new URLSearchParams(location.search).get(returnToParameter);
      if (returnTo === null) {
        runtime.navigate(kind === 'sign-up' ? runtime.urls.afterSignUp : runtime.urls.afterSignIn);
        return;
      }
      if (isTrustedRedirect(returnTo, trustOf(runtime))) {
        runtime.navigate(returnTo);
        return;
      }
      runtime.navigate(refusedRedirectUrl(runtime.urls.error, returnTo));
    },
    [runtime],
  );
}
