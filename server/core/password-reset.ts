// Password reset by emailed code (wire §5.1). The request answers the same whether or not the
// email belongs to anyone, and checks the callback URL before looking the email up, so neither
// the answer nor its error reveals which emails exist (Stack checks the URL only for known
// emails; authd does not copy that leak).
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { resolveEmailTransport } from '../email/email-queue';
import type { Context } from './context';
import { queueTemplatedEmail } from './email-templates';
import { requirePasswordAuth } from './password-auth';
import { checkPasswordLength, hashPassword } from './password-hashing';
import { consumeRateLimit, type RequestOrigin } from './rate-limits';
import { endOtherSessions } from './sessions';
import { writeTransaction } from './transactions';
import { linkWithCode, requireTrustedUrl } from './trusted-urls';
import { findUserByAuthEmail } from './users';
import { checkVerificationCode, consumeVerificationCode, createVerificationCode } from './verification-codes';

export const passwordResetRequestAnswer = { success: 'maybe, only if user with e-mail exists' } as const;

export function sendPasswordResetCode(
  ctx: Context,
  projectId: string,
  email: string,
  callbackUrl: string,
  origin: RequestOrigin,
): void {
  requirePasswordAuth(ctx, projectId);
  requireTrustedUrl(ctx, projectId, callbackUrl);
  // Counted for unknown emails too, or the limit itself would tell which emails exist.
  consumeRateLimit(ctx, 'emailSendPerIp', projectId, origin.ip);
  consumeRateLimit(ctx, 'emailSendPerAddress', projectId, email);
  // A project that cannot send email says so whoever asks, again before the lookup.
  resolveEmailTransport(ctx, ctx.db, projectId);
  writeTransaction(ctx, (tx) => {
    const user = findUserByAuthEmail(ctx, projectId, email);
    if (!user) return;
    const code = createVerificationCode(ctx, tx, projectId, 'password_reset', { user_id: user.id });
    queueTemplatedEmail(ctx, tx, projectId, 'password_reset', email, {
      userDisplayName: user.displayName ?? email,
      passwordResetLink: linkWithCode(callbackUrl, code),
    });
  });
}

export function checkPasswordResetCode(ctx: Context, projectId: string, code: string): void {
  checkVerificationCode(ctx, projectId, 'password_reset', code);
}

/**
 * Sets the new password and ends every session of the user. The password rules are checked
 * before the code is consumed (Stack consumes first), so a too-short password does not cost the
 * user their link.
 */
export async function resetPassword(ctx: Context, projectId: string, code: string, password: string): Promise<void> {
  requirePasswordAuth(ctx, projectId);
  checkPasswordLength(password, { requireMinimum: true });
  const passwordHash = await hashPassword(password);
  consumeVerificationCode(ctx, projectId, 'password_reset', code, (tx, { user_id: userId }) => {
    tx.update(users)
      .set({ passwordHash })
      .where(eq(users.id, String(userId)))
      .run();
    endOtherSessions(tx, String(userId));
  });
}
