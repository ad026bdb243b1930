// /auth/password/*: sign-up, sign-in and password changes.
import type { Context } from '../../core/storage/context';
import { setPassword, signInWithPassword, signUpWithPassword, updatePassword } from '../../core/auth/password-auth';
import { requireAccess, requireUser, refuseInsideImpersonation } from '../../core/credentials/callers';
import {
  checkPasswordResetCode,
  passwordResetRequestAnswer,
  resetPassword,
  sendPasswordResetCode,
} from '../../core/auth/password-reset';
import {
  codeBodySchema,
  passwordResetSchema,
  passwordSetSchema,
  passwordSignInSchema,
  passwordSignUpSchema,
  passwordUpdateSchema,
  sendResetCodeSchema,
} from '../../protocol/auth-schemas';
import type { ApiApp } from '../api-app';
import { codeIsValid, succeeded } from '../resource-answers';

export function passwordAuthRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/auth/password/sign-up',
      async ({ auth, body, origin }) => await signUpWithPassword(ctx, requireAccess(auth, 'client').projectId, body, origin),
      {
        body: passwordSignUpSchema,
      },
    )
    .post(
      '/auth/password/sign-in',
      async ({ auth, body, origin }) => await signInWithPassword(ctx, requireAccess(auth, 'client').projectId, body, origin),
      {
        body: passwordSignInSchema,
      },
    )
    .post(
      '/auth/password/update',
      async ({ auth, body, request }) => {
        const caller = requireAccess(auth, 'client');
        refuseInsideImpersonation(caller);
        const keep = request.headers.get('x-stack-refresh-token') || undefined;
        await updatePassword(ctx, caller.projectId, requireUser(caller, 'SCHEMA_ERROR'), body, keep);
        return { success: true };
      },
      { body: passwordUpdateSchema },
    )
    .post(
      '/auth/password/send-reset-code',
      async ({ auth, body, origin }) => {
        await sendPasswordResetCode(ctx, requireAccess(auth, 'client').projectId, body.email, body.callback_url, origin);
        return passwordResetRequestAnswer;
      },
      { body: sendResetCodeSchema },
    )
    .post(
      '/auth/password/reset/check-code',
      async ({ auth, body }) =>
        await codeIsValid(checkPasswordResetCode(ctx, requireAccess(auth, 'client').projectId, body.code)),
      { body: codeBodySchema },
    )
    .post(
      '/auth/password/reset',
      async ({ auth, body }) =>
        await succeeded(resetPassword(ctx, requireAccess(auth, 'client').projectId, body.code, body.password)),
      { body: passwordResetSchema },
    )
    .post(
      '/auth/password/set',
      async ({ auth, body, request }) => {
        const caller = requireAccess(auth, 'client');
        refuseInsideImpersonation(caller);
        const keep = request.headers.get('x-stack-refresh-token') || undefined;
        await setPassword(ctx, caller.projectId, requireUser(caller, 'SCHEMA_ERROR'), body.password, keep);
        return { success: true };
      },
      { body: passwordSetSchema },
    );
}
