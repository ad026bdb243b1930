// Password reset by emailed code. The request answers the same whether or not the
// email belongs to anyone, and checks the callback URL before looking the email up, so neither
// the answer nor its error reveals which emails exist (Stack checks the URL only for known
// emails; authd does not copy that leak).
import type { Context } from '../storage/context';
import { queueTemplatedEmail } from '../email/email-templates';
import { requirePasswordAuth } from './password-auth';
import { checkPasswordLength, hashPassword } from '../credentials/password-hashing';
import { checkPasswordAvoidsEmail, checkPasswordStrength } from '../credentials/password-policy';
import { sendCodeByEmailAfterAnswer } from '../email/code-emails';
import type { RequestOrigin } from '../credentials/rate-limits';
import { linkWithCode } from '../projects/trusted-urls';
import { findPrimaryEmailChannel, findUserByAuthEmail } from '../storage/user-queries';
import { replaceUserPassword } from '../users/user-password';
import { checkVerificationCode, consumeVerificationCode, createVerificationCode } from '../credentials/verification-codes';

export const passwordResetRequestAnswer = { success: 'maybe, only if user with e-mail exists' } as const;

export async function sendPasswordResetCode(
  ctx: Context,
  projectId: string,
  email: string,
  callbackUrl: string,
  origin: RequestOrigin,
): Promise<void> {
  await requirePasswordAuth(ctx, projectId);
  // The limits count unknown emails too, or they would tell which emails exist; and the work
  // only a known email costs happens after the answer, or its time would tell.
  await sendCodeByEmailAfterAnswer(ctx, projectId, { recipient: email, callbackUrl, origin }, async (tx) => {
    const user = await findUserByAuthEmail(ctx, projectId, email);
    if (!user) return;
    const code = await createVerificationCode(ctx, tx, projectId, 'password_reset', { user_id: user.id });
    await queueTemplatedEmail(ctx, tx, projectId, 'password_reset', email, {
      userDisplayName: user.displayName ?? email,
      passwordResetLink: linkWithCode(callbackUrl, code),
    });
  });
}

export async function checkPasswordResetCode(ctx: Context, projectId: string, code: string): Promise<void> {
  await checkVerificationCode(ctx, projectId, 'password_reset', code);
}

/**
 * Sets the new password, which ends every session of the user (replaceUserPassword). The password rules are checked
 * before the code is consumed (Stack consumes first), so a too-short password does not cost the
 * user their link.
 */
export async function resetPassword(ctx: Context, projectId: string, code: string, password: string): Promise<void> {
  const project = await requirePasswordAuth(ctx, projectId);
  checkPasswordLength(password, { requireMinimum: true });
  // The user (and so the email to compare with) is known only once the code is read, inside
  // its transaction; a refusal there rolls the code's use back, so the link still works.
  await checkPasswordStrength(password, { enabled: project.passwordStrengthCheck });
  const passwordHash = await hashPassword(password);
  await consumeVerificationCode(ctx, projectId, 'password_reset', code, async (tx, { user_id: userId }) => {
    if (project.passwordStrengthCheck)
      checkPasswordAvoidsEmail(password, (await findPrimaryEmailChannel(tx, String(userId)))?.value);
    await replaceUserPassword(ctx, tx, projectId, String(userId), passwordHash);
  });
}
