// /auth/mfa/sign-in: the TOTP step of a sign-in that answered MULTI_FACTOR_AUTHENTICATION_REQUIRED (wire §5.3).
import type { Context } from '../../core/context';
import { signInWithTotp } from '../../core/mfa-sign-in';
import { requireAccess } from '../../core/request-auth';
import { mfaSignInSchema } from '../../protocol/otp-and-mfa-schemas';
import type { ApiApp } from '../api-app';

export function mfaAuthRoutes(app: ApiApp, ctx: Context) {
  return app.post('/auth/mfa/sign-in', ({ auth, body }) => signInWithTotp(ctx, requireAccess(auth, 'client').projectId, body), {
    body: mfaSignInSchema,
  });
}
