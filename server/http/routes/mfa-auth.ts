// /auth/mfa/sign-in: the TOTP step of a sign-in that answered MULTI_FACTOR_AUTHENTICATION_REQUIRED.
import type { Context } from '../../core/storage/context';
import { signInWithTotp } from '../../core/auth/mfa-sign-in';
import { requireAccess } from '../../core/auth/request-auth';
import { mfaSignInSchema } from '../../protocol/otp-and-mfa-schemas';
import type { ApiApp } from '../api-app';

export function mfaAuthRoutes(app: ApiApp, ctx: Context) {
  return app.post('/auth/mfa/sign-in', ({ auth, body, origin }) => signInWithTotp(ctx, requireAccess(auth, 'client').projectId, body, origin), {
    body: mfaSignInSchema,
  });
}
