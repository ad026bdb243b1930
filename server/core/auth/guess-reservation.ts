// A guess reserved at the throttle (credentials/guess-throttle.ts), with the account lock's 429
// worded for the project: the throttle sits below email, so the question "can this project send
// the unlock email?" is asked here, one floor up.
import { RateLimitedError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { resolveEmailTransport } from '../email/email-queue';
import { reserveGuess, type GuessedSecret, type ReservedGuess } from '../credentials/guess-throttle';

/**
 * As reserveGuess (the count is taken before the promise returns, on SQLite), but the lock's 429
 * says the owner was emailed an unlock link only when the project can send email: with no SMTP
 * server for it (production without --smtp), it says how to get back in instead. Either way it
 * reads the same whether or not the address has an account.
 */
export async function reserveGuessExplainingLock(
  ctx: Context,
  secret: GuessedSecret,
  projectId: string,
  account: string,
  sourceIp: string,
): Promise<ReservedGuess> {
  try {
    return await reserveGuess(ctx, secret, projectId, account, sourceIp);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      ctx.metrics?.countRateLimitRefusal(
        error.errorName === 'ACCOUNT_LOCKED_AFTER_FAILED_ATTEMPTS' ? 'guess_throttle_account' : 'guess_throttle_source',
      );
    }
    if (!(error instanceof RateLimitedError) || error.errorName !== 'ACCOUNT_LOCKED_AFTER_FAILED_ATTEMPTS') throw error;
    if (await projectCanSendEmail(ctx, projectId)) throw error;
    throw new RateLimitedError(error.retryAfterSeconds, 'ACCOUNT_LOCKED_WITHOUT_UNLOCK_EMAIL');
  }
}

async function projectCanSendEmail(ctx: Context, projectId: string): Promise<boolean> {
  try {
    await resolveEmailTransport(ctx, ctx.db, projectId);
    return true;
  } catch {
    return false;
  }
}
