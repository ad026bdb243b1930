// The one way every sign-in path (password, sign-up, one-time code, OAuth token exchange) ends:
// either a session, or, for a user with TOTP turned on, the multi-factor challenge instead, so
// no path can hand out tokens without the second factor.
import { knownError } from '../protocol/known-errors';
import type { Context } from './context';
import { createSession, type SessionTokens } from './sessions';
import { requireUserRow } from './users';
import { createVerificationCode } from './verification-codes';

export interface SignInResult extends SessionTokens {
  user_id: string;
}

/** What an MFA attempt code remembers until `POST /auth/mfa/sign-in` finishes the sign-in. */
export interface MfaAttemptData {
  user_id: string;
  is_new_user: boolean;
}

export async function completeSignIn(
  ctx: Context,
  projectId: string,
  userId: string,
  options: { isNewUser?: boolean } = {},
): Promise<SignInResult> {
  const user = requireUserRow(ctx.db, projectId, userId);
  if (user.requiresTotpMfa) {
    const attempt: MfaAttemptData = { user_id: userId, is_new_user: options.isNewUser ?? false };
    const attemptCode = createVerificationCode(ctx, ctx.db, projectId, 'mfa_attempt', { ...attempt });
    throw knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', attemptCode);
  }
  return { ...(await createSession(ctx, projectId, userId)), user_id: userId };
}
