// The second step of a sign-in for a user with TOTP turned on: the attempt code that
// `completeSignIn` handed out plus a code from the authenticator app give the session.
import { refuseBannedUser } from '../users/user-ban-state';
import { recordAuditEvent } from '../audit/audit-log';
import { eq } from 'drizzle-orm';
import { users } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { offerAccountUnlock } from './account-unlock';
import { reserveGuessExplainingLock } from './guess-reservation';
import type { RequestOrigin } from '../credentials/rate-limits';
import { startSession } from './sessions';
import type { MfaAttemptData, SignInResult } from './sign-in-completion';
import { useRecoveryCode } from '../credentials/recovery-codes';
import { acceptedTotpStep, openTotpSecret } from '../credentials/totp-codes';
import { requireUserRow } from '../storage/user-queries';
import { consumeVerificationCode } from '../credentials/verification-codes';

export interface MfaSignInResult extends SignInResult {
  is_new_user: boolean;
  /** authd's own, only when a recovery code stood in for the TOTP code: how many are left. */
  recovery_codes_remaining?: number;
}

/**
 * A wrong (or replayed) TOTP answers INVALID_TOTP_CODE and leaves the attempt code usable, as in
 * Stack: the check runs inside the code's transaction, whose rollback also undoes its marking as
 * used. Every try still counts against the attempt code (verification-codes caps mfa_attempt
 * codes at a few tries) and against the user from that address (credentials/guess-throttle.ts), so
 * guessing stays bounded even across many attempt codes.
 *
 * The TOTP field also takes one of the user's recovery codes (recovery-codes.ts), so the SDK's
 * own MFA prompt accepts them too; a six-digit code is never read as one.
 */
export async function signInWithTotp(
  ctx: Context,
  projectId: string,
  input: { code: string; totp: string },
  origin: RequestOrigin,
): Promise<MfaSignInResult> {
  let backstopTripped: string | undefined;
  let failedFor: string | undefined;
  const checkTotp = async () => await consumeVerificationCode(ctx, projectId, 'mfa_attempt', input.code, async (tx, data) => {
    const { user_id: userId, is_new_user: isNewUser, method } = data as unknown as MfaAttemptData;
    const user = await requireUserRow(tx, projectId, userId);
    // Banned between the password and the code.
    refuseBannedUser(user, ctx.clock.now());
    const guess = await reserveGuessExplainingLock(ctx, 'totp', projectId, userId, origin.ip);
    // TOTP turned off since the attempt began: the user simply signs in again, now without it.
    if (!user.totpSecretBase64) {
      if ((await guess.failed()).backstopTripped) backstopTripped = userId;
      throw knownError('INVALID_TOTP_CODE');
    }
    const step = acceptedTotpStep(openTotpSecret(ctx, user.totpSecretBase64), input.totp, ctx.clock.now(), user.totpLastUsedStep);
    const recoveryCodesRemaining = step === null ? await useRecoveryCode(ctx, tx, projectId, userId, input.totp) : null;
    if (step === null && recoveryCodesRemaining === null) {
      if ((await guess.failed()).backstopTripped) backstopTripped = userId;
      failedFor = userId;
      throw knownError('INVALID_TOTP_CODE');
    }
    await guess.succeeded();
    if (step !== null) await tx.update(users).set({ totpLastUsedStep: step }).where(eq(users.id, userId));
    return { userId, isNewUser, recoveryCodesRemaining, method: method ?? 'password' };
  });
  let attempt: Awaited<ReturnType<typeof checkTotp>>;
  try {
    attempt = await checkTotp();
  } finally {
    // Outside the code's transaction, which a wrong code rolls back: the email and the audit
    // event of the failure must survive it.
    if (backstopTripped) await offerAccountUnlock(ctx, projectId, 'totp', backstopTripped);
    if (failedFor) await recordAuditEvent(ctx, { projectId, type: 'sign_in.failed', userId: failedFor, details: { method: 'totp', reason: 'wrong_code' } });
  }
  const secondFactor = attempt.recoveryCodesRemaining === null ? 'totp' : 'recovery_code';
  const tokens = await startSession(ctx, projectId, attempt.userId, undefined, async () =>
    await recordAuditEvent(ctx, {
      projectId,
      type: 'sign_in.succeeded',
      userId: attempt.userId,
      details: { method: attempt.method, second_factor: secondFactor },
    }),
  );
  const result: MfaSignInResult = { ...tokens, is_new_user: attempt.isNewUser, user_id: attempt.userId };
  if (attempt.recoveryCodesRemaining !== null) result.recovery_codes_remaining = attempt.recoveryCodesRemaining;
  return result;
}
