// <AuthHandler>: every handler screen (sign-in, sign-up, sign-out, forgot password, reset,
// email verification, magic-link and OAuth callbacks, error, team invitation, account settings)
// under the provider's base path, each loaded when first shown.
import type { ReactNode } from 'react';
import { HandlerRoutes } from './handler-routes';
import { lazyPages } from './lazy-pages';

/** Mount it on the handler path's routes of the host app (e.g. `/handler/*`). */
export function AuthHandler(props: { fallback?: ReactNode }) {
  return <HandlerRoutes pages={lazyPages} fallback={props.fallback} />;
}
