// Email verification: a code emailed as a link to a trusted callback URL, and
// the verify call that marks the address verified. An already-used code is success for the
// hosted page, which the client decides from VERIFICATION_CODE_ALREADY_USED.
import { emailAddressKey } from '../../protocol/email-address-key';
import { and, eq } from 'drizzle-orm';
import { contactChannels, users } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { queueTemplatedEmail } from '../email/email-templates';
import { sendCodeByEmail, type CodeEmailRequest } from '../email/code-emails';
import type { RequestOrigin } from '../credentials/rate-limits';
import { linkWithCode } from '../projects/trusted-urls';
import { consumeVerificationCode, createVerificationCode } from '../credentials/verification-codes';
import { findPrimaryEmailChannel } from '../storage/user-queries';
import { recordAuditEvent } from '../audit/audit-log';
import { firstRow } from '../storage/query-results';

type ChannelRow = typeof contactChannels.$inferSelect;

/** Emails a verification link for one of the user's addresses. */
export async function sendEmailVerificationCode(
  ctx: Context,
  projectId: string,
  channel: ChannelRow,
  callbackUrl: string,
  origin: CodeEmailRequest['origin'],
): Promise<void> {
  const refuse = () => {
    if (channel.isVerified) throw knownError('EMAIL_ALREADY_VERIFIED');
  };
  await sendCodeByEmail(ctx, projectId, { recipient: channel.value, callbackUrl, origin, refuse }, async (tx) => {
    const user = firstRow(
      await tx.select({ displayName: users.displayName }).from(users).where(eq(users.id, channel.userId)).limit(1),
    );
    const code = await createVerificationCode(ctx, tx, projectId, 'email_verification', {
      user_id: channel.userId,
      email: channel.value,
    });
    await queueTemplatedEmail(ctx, tx, projectId, 'email_verification', channel.value, {
      userDisplayName: user?.displayName ?? channel.value,
      emailVerificationLink: linkWithCode(callbackUrl, code),
    });
  });
}

/** The deprecated call the SDK's `user.sendVerificationEmail()` uses: only the primary email. */
export async function sendPrimaryEmailVerificationCode(
  ctx: Context,
  projectId: string,
  userId: string,
  email: string,
  callbackUrl: string,
  origin: RequestOrigin,
): Promise<void> {
  const primary = await findPrimaryEmailChannel(ctx.db, userId);
  if (!primary || primary.valueKey !== emailAddressKey(email)) throw knownError('EMAIL_IS_NOT_PRIMARY_EMAIL', email, primary?.value ?? '');
  await sendEmailVerificationCode(ctx, projectId, primary, callbackUrl, origin);
}

export async function verifyEmail(ctx: Context, projectId: string, code: string): Promise<void> {
  await consumeVerificationCode(ctx, projectId, 'email_verification', code, async (tx, data) => {
    await tx
      .update(contactChannels)
      .set({ isVerified: true })
      .where(
        and(
          eq(contactChannels.userId, String(data.user_id)),
          eq(contactChannels.type, 'email'),
          eq(contactChannels.valueKey, emailAddressKey(String(data.email))),
        ),
      );
    await recordAuditEvent(ctx, { projectId, type: 'email.verified', userId: String(data.user_id), details: { email: String(data.email) } });
  });
}
