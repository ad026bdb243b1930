// The second step of a sign-in for a user with TOTP turned on: the attempt code that
// `completeSignIn` handed out plus a code from the authenticator app give the session.
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { offerAccountUnlock } from './account-unlock';
import { reserveGuess } from './guess-throttle';
import type { RequestOrigin } from './rate-limits';
import { startSession } from './sessions';
import type { MfaAttemptData, SignInResult } from './sign-in-completion';
import { acceptedTotpStep, openTotpSecret } from './totp-codes';
import { requireUserRow } from '../storage/user-queries';
import { consumeVerificationCode } from './verification-codes';

export interface MfaSignInResult extends SignInResult {
  is_new_user: boolean;
}

/**
 * A wrong (or replayed) TOTP answers INVALID_TOTP_CODE and leaves the attempt code usable, as in
 * Stack: the check runs inside the code's transaction, whose rollback also undoes its marking as
 * used. Every try still counts against the attempt code (verification-codes caps mfa_attempt
 * codes at a few tries) and against the user from that address (auth/guess-throttle.ts), so
 * guessing stays bounded even across many attempt codes.
 */
export async function signInWithTotp(
  ctx: Context,
  projectId: string,
  input: { code: string; totp: string },
  origin: RequestOrigin,
): Promise<MfaSignInResult> {
  let backstopTripped: string | undefined;
  const checkTotp = () => consumeVerificationCode(ctx, projectId, 'mfa_attempt', input.code, (tx, data) => {
    const { user_id: userId, is_new_user: isNewUser } = data as unknown as MfaAttemptData;
    const user = requireUserRow(tx, projectId, userId);
    const guess = reserveGuess(ctx, 'totp', projectId, userId, origin.ip);
    // TOTP turned off since the attempt began: the user simply signs in again, now without it.
    const step = user.totpSecretBase64
      ? acceptedTotpStep(openTotpSecret(ctx, user.totpSecretBase64), input.totp, ctx.clock.now(), user.totpLastUsedStep)
      : null;
    if (step === null) {
      if (guess.failed().backstopTripped) backstopTripped = userId;
      throw knownError('INVALID_TOTP_CODE');
    }
    guess.succeeded();
    tx.update(users).set({ totpLastUsedStep: step }).where(eq(users.id, userId)).run();
    return { userId, isNewUser };
  });
  let attempt: ReturnType<typeof checkTotp>;
  try {
    attempt = checkTotp();
  } finally {
    // Outside the code's transaction, which a wrong code rolls back: the email must survive it.
    if (backstopTripped) offerAccountUnlock(ctx, projectId, 'totp', backstopTripped);
  }
  const tokens = await startSession(ctx, projectId, attempt.userId);
  return { ...tokens, is_new_user: attempt.isNewUser, user_id: attempt.userId };
}
