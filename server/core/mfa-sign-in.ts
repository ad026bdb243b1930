// The second step of a sign-in for a user with TOTP turned on (wire §5.3): the attempt code that
// `completeSignIn` handed out plus a code from the authenticator app give the session.
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { knownError } from '../protocol/known-errors';
import type { Context } from './context';
import { checkRateLimit, consumeRateLimit } from './rate-limits';
import { startSession } from './sessions';
import type { MfaAttemptData, SignInResult } from './sign-in-completion';
import { acceptedTotpStep, openTotpSecret } from './totp-codes';
import { requireUserRow } from './users';
import { consumeVerificationCode } from './verification-codes';

export interface MfaSignInResult extends SignInResult {
  is_new_user: boolean;
}

/**
 * A wrong (or replayed) TOTP answers INVALID_TOTP_CODE and leaves the attempt code usable, as in
 * Stack: the check runs inside the code's transaction, whose rollback also undoes its marking as
 * used. Every try still counts against the attempt code (verification-codes caps mfa_attempt
 * codes at a few tries) and each wrong one against the user, so guessing stays bounded even
 * across many attempt codes.
 */
export async function signInWithTotp(
  ctx: Context,
  projectId: string,
  input: { code: string; totp: string },
): Promise<MfaSignInResult> {
  const attempt = consumeVerificationCode(ctx, projectId, 'mfa_attempt', input.code, (tx, data) => {
    const { user_id: userId, is_new_user: isNewUser } = data as unknown as MfaAttemptData;
    const user = requireUserRow(tx, projectId, userId);
    checkRateLimit(ctx, 'totpFailuresPerUser', projectId, userId);
    // TOTP turned off since the attempt began: the user simply signs in again, now without it.
    const step = user.totpSecretBase64
      ? acceptedTotpStep(openTotpSecret(ctx, user.totpSecretBase64), input.totp, ctx.clock.now(), user.totpLastUsedStep)
      : null;
    if (step === null) {
      consumeRateLimit(ctx, 'totpFailuresPerUser', projectId, userId);
      throw knownError('INVALID_TOTP_CODE');
    }
    tx.update(users).set({ totpLastUsedStep: step }).where(eq(users.id, userId)).run();
    return { userId, isNewUser };
  });
  const tokens = await startSession(ctx, projectId, attempt.userId);
  return { ...tokens, is_new_user: attempt.isNewUser, user_id: attempt.userId };
}
