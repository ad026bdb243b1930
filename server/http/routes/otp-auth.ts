// /auth/otp/*: sign-in by emailed link or typed code.
import { wantsLinkOnlyMagicLinkEmail } from '../client-version';
import type { Context } from '../../core/storage/context';
import { checkMagicLinkCode, sendMagicLinkCode, signInWithMagicLink } from '../../core/auth/magic-link-auth';
import { requireAccess } from '../../core/credentials/callers';
import { codeBodySchema } from '../../protocol/auth-schemas';
import { sendSignInCodeSchema } from '../../protocol/otp-and-mfa-schemas';
import type { ApiApp } from '../api-app';
import { codeIsValid } from '../resource-answers';

export function otpAuthRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/auth/otp/send-sign-in-code',
      async ({ auth, body, origin, request }) =>
        await sendMagicLinkCode(ctx, requireAccess(auth, 'client').projectId, body, origin, {
          linkOnly: wantsLinkOnlyMagicLinkEmail(request.headers),
        }),
      { body: sendSignInCodeSchema },
    )
    .post(
      '/auth/otp/sign-in/check-code',
      async ({ auth, body }) => await codeIsValid(checkMagicLinkCode(ctx, requireAccess(auth, 'client').projectId, body.code)),
      { body: codeBodySchema },
    )
    .post(
      '/auth/otp/sign-in',
      async ({ auth, body, origin }) =>
        await signInWithMagicLink(ctx, requireAccess(auth, 'client').projectId, body.code, origin),
      { body: codeBodySchema },
    );
}
