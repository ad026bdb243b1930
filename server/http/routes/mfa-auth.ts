// /auth/mfa: the TOTP step of a sign-in that answered MULTI_FACTOR_AUTHENTICATION_REQUIRED, and
// the recovery codes that can stand in for a TOTP code there (authd's own; clients act only on
// themselves with user_id=me, servers on any user of the project).
import type { Context } from '../../core/storage/context';
import { signInWithTotp } from '../../core/auth/mfa-sign-in';
import { makeRecoveryCodes, readRecoveryCodeStatus } from '../../core/auth/recovery-codes';
import { requireAccess, resolveUserIdForCaller } from '../../core/auth/request-auth';
import { mfaSignInSchema } from '../../protocol/otp-and-mfa-schemas';
import { userIdOrMeSchema } from '../../protocol/user-schemas';
import { noQueryParameters, wireObject } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

const recoveryCodeOwner = wireObject({ user_id: userIdOrMeSchema });

export function mfaAuthRoutes(app: ApiApp, ctx: Context) {
  return app
    .post('/auth/mfa/sign-in', async ({ auth, body, origin }) => await signInWithTotp(ctx, requireAccess(auth, 'client').projectId, body, origin), {
      body: mfaSignInSchema,
    })
    .get(
      '/auth/mfa/recovery-codes',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        return await readRecoveryCodeStatus(ctx, caller.projectId, resolveUserIdForCaller(caller, query.user_id));
      },
      { query: recoveryCodeOwner },
    )
    .post(
      '/auth/mfa/recovery-codes',
      async ({ auth, body }) => {
        const caller = requireAccess(auth, 'client');
        return await makeRecoveryCodes(ctx, caller.projectId, resolveUserIdForCaller(caller, body.user_id));
      },
      { query: noQueryParameters, body: recoveryCodeOwner },
    );
}
