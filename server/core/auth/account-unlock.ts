// The way out of the guess throttle's account-wide lock: when failures from many addresses lock
// an account, its owner is emailed a one-time link; following it lifts the lock for both the
// password and the second factor, and makes the address that followed it known to the account.
// An address with no account gets the same 429 and no email, so the lock says nothing about who
// has an account.
import type { Context } from '../storage/context';
import { findPrimaryEmailChannel } from '../storage/user-queries';
import { queueTemplatedEmail } from '../email/email-templates';
import { writeTransaction } from '../storage/transactions';
import { findUserByAuthEmail, findUserRow } from '../storage/user-queries';
import { consumeVerificationCode, createVerificationCode } from '../credentials/verification-codes';
import { liftAccountLock, rememberKnownSource, type GuessedSecret } from '../credentials/guess-throttle';
import type { RequestOrigin } from '../credentials/rate-limits';

export const accountUnlockPath = '/api/v1/auth/unlock';

interface AccountUnlockData {
  user_id: string;
  /** The email whose password sign-in was locked, if that was the lock. */
  password_email: string | null;
}

/** Emails the owner of a just-locked account the unlock link. Never fails the request that tripped it. */
export async function offerAccountUnlock(ctx: Context, projectId: string, secret: GuessedSecret, account: string): Promise<void> {
  try {
    const user =
      secret === 'password' ? await findUserByAuthEmail(ctx, projectId, account) : await findUserRow(ctx.db, projectId, account);
    if (!user) return;
    const recipient = secret === 'password' ? account : (await findPrimaryEmailChannel(ctx.db, user.id))?.value;
    if (!recipient) return;
    const base = (ctx.settings.publicUrl ?? ctx.listeningUrl)?.replace(/\/+$/, '');
    if (!base) throw new Error('authd does not know its own URL (set --public-url)');
    await writeTransaction(ctx, async (tx) => {
      const data: AccountUnlockData = { user_id: user.id, password_email: secret === 'password' ? account : null };
      const code = await createVerificationCode(ctx, tx, projectId, 'account_unlock', { ...data });
      const link = new URL(base + accountUnlockPath);
      link.searchParams.set('project_id', projectId);
      link.searchParams.set('code', code);
      await queueTemplatedEmail(ctx, tx, projectId, 'account_unlock', recipient, {
        userDisplayName: user.displayName ?? recipient,
        unlockLink: link.toString(),
      });
    });
  } catch (error) {
    ctx.log.warn(`no unlock email for a locked account: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Lifts the lock the emailed code was sent for; the code works once. The address that followed
 * the link becomes known to the account (guess-throttle.ts), so an attacker locking it again
 * right away does not lock the owner out of signing in from there.
 */
export async function unlockAccount(ctx: Context, projectId: string, code: string, origin: RequestOrigin): Promise<void> {
  const data = await consumeVerificationCode(ctx, projectId, 'account_unlock', code, (_tx, stored) => stored) as unknown as AccountUnlockData;
  await liftAccountLock(ctx, 'totp', projectId, data.user_id);
  await rememberKnownSource(ctx, 'totp', projectId, data.user_id, origin.ip);
  if (data.password_email) {
    await liftAccountLock(ctx, 'password', projectId, data.password_email);
    await rememberKnownSource(ctx, 'password', projectId, data.password_email, origin.ip);
  }
}
