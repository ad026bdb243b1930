// /auth/mfa: the TOTP step of a sign-in that answered MULTI_FACTOR_AUTHENTICATION_REQUIRED, and
// the recovery codes that can stand in for a TOTP code there (authd's own; clients act only on
// themselves with user_id=me, servers on any user of the project).
import type { Context } from '../../core/storage/context';
import { signInWithTotp } from '../../core/auth/mfa-sign-in';
import { makeRecoveryCodes, readRecoveryCodeStatus } from '../../core/credentials/recovery-codes';
import { requireAccess, resolveUserIdForCaller, refuseInsideImpersonation } from '../../core/credentials/callers';
import { mfaSignInSchema } from '../../protocol/otp-and-mfa-schemas';
import { userIdOrMeSchema } from '../../protocol/user-schemas';
import { noQueryParameters, wireObject } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { requireRecentAuthentication } from '../../core/auth/recent-authentication';

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
        refuseInsideImpersonation(caller);
        const userId = resolveUserIdForCaller(caller, body.user_id);
        // Replacing codes that still work is what needs a recent sign-in; the first set does not.
        if ((await readRecoveryCodeStatus(ctx, caller.projectId, userId)).remaining_count > 0) {
          await requireRecentAuthentication(ctx, caller);
        }
        return await makeRecoveryCodes(ctx, caller.projectId, userId);
      },
      { query: noQueryParameters, body: recoveryCodeOwner },
    );
}
