// Email verification endpoints of /contact-channels (wire §5.5).
import type { Context } from '../../core/context';
import { sendPrimaryEmailVerificationCode, verifyEmail } from '../../core/email-verification';
import { requireAccess, requireUser } from '../../core/request-auth';
import { checkVerificationCode } from '../../core/verification-codes';
import { codeBodySchema, sendVerificationCodeSchema } from '../../protocol/auth-schemas';
import type { ApiApp } from '../api-app';

export function contactChannelRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/contact-channels/send-verification-code',
      ({ auth, body }) => {
        const caller = requireAccess(auth, 'client');
        sendPrimaryEmailVerificationCode(
          ctx,
          caller.projectId,
          requireUser(caller, 'SCHEMA_ERROR'),
          body.email,
          body.callback_url,
        );
        return { success: true };
      },
      { body: sendVerificationCodeSchema },
    )
    .post(
      '/contact-channels/verify/check-code',
      ({ auth, body }) => {
        checkVerificationCode(ctx, requireAccess(auth, 'client').projectId, 'email_verification', body.code);
        return { is_code_valid: true };
      },
      { body: codeBodySchema },
    )
    .post(
      '/contact-channels/verify',
      ({ auth, body }) => {
        verifyEmail(ctx, requireAccess(auth, 'client').projectId, body.code);
        return { success: true };
      },
      { body: codeBodySchema },
    );
}
