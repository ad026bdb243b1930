// The one way every sign-in path (password, sign-up, one-time code, OAuth token exchange) ends:
// either a session, or, for a user with TOTP turned on, the multi-factor challenge instead, so
// no path can hand out tokens without the second factor.
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { startSession, type SessionTokens } from './sessions';
import { createVerificationCode } from './verification-codes';

export interface SignInResult extends SessionTokens {
  user_id: string;
}

/** What an MFA attempt code remembers until `POST /auth/mfa/sign-in` finishes the sign-in. */
export interface MfaAttemptData {
  user_id: string;
  is_new_user: boolean;
}

/** The user signing in, as the sign-in path has just read it (a user row qualifies). */
export interface SigningInUser {
  id: string;
  requiresTotpMfa: boolean;
}

export async function completeSignIn(
  ctx: Context,
  projectId: string,
  user: SigningInUser,
  options: { isNewUser?: boolean } = {},
): Promise<SignInResult> {
  if (user.requiresTotpMfa) {
    const attempt: MfaAttemptData = { user_id: user.id, is_new_user: options.isNewUser ?? false };
    const attemptCode = createVerificationCode(ctx, ctx.db, projectId, 'mfa_attempt', { ...attempt });
    throw knownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', attemptCode);
  }
  return { ...(await startSession(ctx, projectId, user.id)), user_id: user.id };
}
