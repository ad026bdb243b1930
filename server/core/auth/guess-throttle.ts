// Throttling of password and TOTP guesses, so that guessing is slow but an attacker cannot lock
// the owner out. Failures are counted per account *and* source address, and after a few each
// further try from that address must wait twice as long as the last: the attacker's address
// slows down while the owner, signing in from elsewhere, is not affected. An account-wide count
// is only a high backstop against guessing spread over many addresses (at most 100 failures in
// a row, as NIST SP 800-63B §5.2.2 asks); when it trips, the account's owner is emailed a
// one-time unlock link, so even then they have a way back in (account-unlock.ts).
//
// Every guess is counted *before* it is checked, synchronously, so a burst of concurrent
// guesses cannot all pass the check while the first ones are still being verified. Counts live
// in memory per database, as the other rate limits do; a restart forgets them.
import { RateLimitedError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { perDatabase, rememberBounded } from '../storage/database-memory';

const minute = 60_000;

/** Defaults, documented in the README. */
export const guessThrottlePolicy = {
  /** Wrong guesses from one address at one account before any delay (the old per-account allowance, so typos never wait). */
  freeFailuresPerSource: 10,
  /** The wait after the free failures; it doubles with each further failure from that address. */
  firstDelayMillis: 30_000,
  maxDelayMillis: 15 * minute,
  /** Wrong guesses in a row at one account, from all addresses, that lock it until it is unlocked by email. */
  accountBackstopFailures: 100,
  /** Counts not touched for this long are forgotten (and a backstop lock lapses). */
  forgetAfterMillis: 24 * 60 * minute,
  /** Entries kept per kind; the oldest are dropped first, so many addresses cannot grow memory without bound. */
  maxTrackedEntries: 100_000,
} as const;

/** What is being guessed: the account is an email address for passwords, a user id for TOTP. */
export type GuessedSecret = 'password' | 'totp';

interface FailureCount {
  failures: number;
  lastAt: number;
  /** The backstop tripped and its unlock email has gone out; not sent again until unlocked. */
  unlockOffered?: boolean;
}

const countsOf = perDatabase(() => ({ bySource: new Map<string, FailureCount>(), byAccount: new Map<string, FailureCount>() }));

const accountKey = (secret: GuessedSecret, projectId: string, account: string) =>
  `${secret}\u0000${projectId}\u0000${account.toLowerCase()}`;

function liveCount(ctx: Context, map: Map<string, FailureCount>, key: string): FailureCount {
  const now = ctx.clock.now();
  const existing = map.get(key);
  if (existing && now - existing.lastAt < guessThrottlePolicy.forgetAfterMillis) return existing;
  const fresh: FailureCount = { failures: 0, lastAt: now };
  rememberBounded(map, key, fresh, guessThrottlePolicy.maxTrackedEntries);
  return fresh;
}

/** How long a source with `failures` wrong guesses must wait after its last one. */
export function delayAfterFailures(failures: number): number {
  const { freeFailuresPerSource, firstDelayMillis, maxDelayMillis } = guessThrottlePolicy;
  if (failures < freeFailuresPerSource) return 0;
  return Math.min(firstDelayMillis * 2 ** (failures - freeFailuresPerSource), maxDelayMillis);
}

export interface ReservedGuess {
  /** The guess was right: this address's count and the account's start again. */
  succeeded(): void;
  /** The guess was wrong (it is already counted). True when this failure tripped the account backstop. */
  failed(): { backstopTripped: boolean };
}

/** Retry-After of a locked account: the SDK waits this long before asking again. */
const lockedRetryMillis = 15 * minute;

/**
 * Counts one guess at `account` from `sourceIp` before it is checked, or refuses it (429 with
 * Retry-After) while the address must wait or the account is locked.
 */
export function reserveGuess(
  ctx: Context,
  secret: GuessedSecret,
  projectId: string,
  account: string,
  sourceIp: string,
): ReservedGuess {
  if (ctx.settings.rateLimitsDisabled) return { succeeded() {}, failed: () => ({ backstopTripped: false }) };
  const { bySource, byAccount } = countsOf(ctx);
  const accountId = accountKey(secret, projectId, account);
  const sourceId = `${accountId}\u0000${sourceIp}`;
  const now = ctx.clock.now();

  const accountCount = liveCount(ctx, byAccount, accountId);
  if (accountCount.failures >= guessThrottlePolicy.accountBackstopFailures) {
    const lapsesIn = accountCount.lastAt + guessThrottlePolicy.forgetAfterMillis - now;
    throw new RateLimitedError(Math.ceil(Math.min(lapsesIn, lockedRetryMillis) / 1000), 'ACCOUNT_LOCKED_AFTER_FAILED_ATTEMPTS');
  }
  const sourceCount = liveCount(ctx, bySource, sourceId);
  const waitMillis = sourceCount.lastAt + delayAfterFailures(sourceCount.failures) - now;
  if (sourceCount.failures >= guessThrottlePolicy.freeFailuresPerSource && waitMillis > 0) {
    throw new RateLimitedError(Math.ceil(waitMillis / 1000));
  }

  sourceCount.failures++;
  sourceCount.lastAt = now;
  accountCount.failures++;
  accountCount.lastAt = now;
  return {
    succeeded() {
      bySource.delete(sourceId);
      byAccount.delete(accountId);
    },
    failed() {
      const tripped =
        accountCount.failures >= guessThrottlePolicy.accountBackstopFailures &&
        !accountCount.unlockOffered &&
        byAccount.get(accountId) === accountCount;
      if (tripped) accountCount.unlockOffered = true;
      return { backstopTripped: tripped };
    },
  };
}

/** Lifts the backstop lock of an account (its owner followed the emailed unlock link). */
export function liftAccountLock(ctx: Context, secret: GuessedSecret, projectId: string, account: string): void {
  countsOf(ctx).byAccount.delete(accountKey(secret, projectId, account));
}
