// <AuthHandler>: every handler screen (sign-in, sign-up, sign-out, forgot password, reset,
// email verification, magic-link and OAuth callbacks, error) under the provider's base path.
import { SignIn, SignUp } from '../components/auth-page';
import { EmailVerification } from '../pages/email-verification';
import { ErrorPage } from '../pages/error-page';
import { ForgotPassword } from '../pages/forgot-password';
import { MagicLinkCallback } from '../pages/magic-link-callback';
import { OAuthCallback } from '../pages/oauth-callback';
import { PasswordReset } from '../pages/password-reset';
import { SignOut } from '../pages/sign-out';
import { HandlerRoutes, type HandlerPageTable } from './handler-routes';

const allPages: HandlerPageTable = {
  'sign-in': SignIn,
  'sign-up': SignUp,
  'sign-out': SignOut,
  'forgot-password': ForgotPassword,
  'password-reset': PasswordReset,
  'email-verification': EmailVerification,
  'magic-link-callback': MagicLinkCallback,
  'oauth-callback': OAuthCallback,
  error: ErrorPage,
};

/** Mount it on the handler path's routes of the host app (e.g. `/handler/*`). */
export function AuthHandler() {
  return <HandlerRoutes pages={allPages} />;
}
