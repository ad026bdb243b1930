// /auth/passkey/*: registering a passkey for the signed-in user and signing in with one.
import {
  initiatePasskeyAuthentication,
  initiatePasskeyRegistration,
  registerPasskey,
  signInWithPasskey,
} from '../../core/auth/passkeys';
import { requireAccess, requireUser, refuseInsideImpersonation } from '../../core/credentials/callers';
import type { Context } from '../../core/storage/context';
import { initiatePasskeySchema, passkeyRegisterSchema, passkeySignInSchema } from '../../protocol/passkey-schemas';
import type { ApiApp } from '../api-app';

export function passkeyAuthRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/auth/passkey/initiate-passkey-registration',
      async ({ auth }) => {
        const caller = requireAccess(auth, 'client');
        refuseInsideImpersonation(caller);
        return await initiatePasskeyRegistration(ctx, caller.projectId, requireUser(caller, 'SCHEMA_ERROR'));
      },
      { body: initiatePasskeySchema },
    )
    .post(
      '/auth/passkey/register',
      async ({ auth, body }) => {
        const caller = requireAccess(auth, 'client');
        refuseInsideImpersonation(caller);
        return await registerPasskey(ctx, caller.projectId, requireUser(caller, 'SCHEMA_ERROR'), body);
      },
      { body: passkeyRegisterSchema },
    )
    .post(
      '/auth/passkey/initiate-passkey-authentication',
      async ({ auth, origin }) => await initiatePasskeyAuthentication(ctx, requireAccess(auth, 'client').projectId, origin),
      { body: initiatePasskeySchema },
    )
    .post(
      '/auth/passkey/sign-in',
      async ({ auth, body }) => await signInWithPasskey(ctx, requireAccess(auth, 'client').projectId, body),
      { body: passkeySignInSchema },
    );
}
