// The hosted screens' page table: one lazily loaded chunk per route, so each screen downloads
// only its own code on top of the shared entry.
import { lazy } from 'react';
import type { HandlerPageTable } from '../react/handler/handler-routes';

export const lazyPages: HandlerPageTable = {
  'sign-in': lazy(() => import('../react/components/auth-page').then((m) => ({ default: m.SignIn }))),
  'sign-up': lazy(() => import('../react/components/auth-page').then((m) => ({ default: m.SignUp }))),
  'sign-out': lazy(() => import('../react/pages/sign-out').then((m) => ({ default: m.SignOut }))),
  'forgot-password': lazy(() => import('../react/pages/forgot-password').then((m) => ({ default: m.ForgotPassword }))),
  'password-reset': lazy(() => import('../react/pages/password-reset').then((m) => ({ default: m.PasswordReset }))),
  'email-verification': lazy(() => import('../react/pages/email-verification').then((m) => ({ default: m.EmailVerification }))),
  'magic-link-callback': lazy(() => import('../react/pages/magic-link-callback').then((m) => ({ default: m.MagicLinkCallback }))),
  'oauth-callback': lazy(() => import('../react/pages/oauth-callback').then((m) => ({ default: m.OAuthCallback }))),
  error: lazy(() => import('../react/pages/error-page').then((m) => ({ default: m.ErrorPage }))),
};
