// The handler's page table: one lazily loaded module per route, so with a code-splitting bundler
// (authd's hosted build, or a host app's) each screen downloads only its own code on top of the
// shared entry, and importing <AuthHandler> does not pull every screen into the host's bundle.
import { lazy } from 'react';
import type { HandlerPageTable } from './handler-routes';

export const lazyPages: HandlerPageTable = {
  'sign-in': lazy(() => import('../components/auth-page').then((m) => ({ default: m.SignIn }))),
  'sign-up': lazy(() => import('../components/auth-page').then((m) => ({ default: m.SignUp }))),
  'sign-out': lazy(() => import('../pages/sign-out').then((m) => ({ default: m.SignOut }))),
  'forgot-password': lazy(() => import('../pages/forgot-password').then((m) => ({ default: m.ForgotPassword }))),
  'password-reset': lazy(() => import('../pages/password-reset').then((m) => ({ default: m.PasswordReset }))),
  'email-verification': lazy(() => import('../pages/email-verification').then((m) => ({ default: m.EmailVerification }))),
  'magic-link-callback': lazy(() => import('../pages/magic-link-callback').then((m) => ({ default: m.MagicLinkCallback }))),
  'oauth-callback': lazy(() => import('../pages/oauth-callback').then((m) => ({ default: m.OAuthCallback }))),
  error: lazy(() => import('../pages/error-page').then((m) => ({ default: m.ErrorPage }))),
  'account-settings': lazy(() => import('../account-settings/account-settings').then((m) => ({ default: m.AccountSettings }))),
  'team-invitation': lazy(() => import('../team-invitation/team-invitation-page').then((m) => ({ default: m.TeamInvitation }))),
};
