// Throttling of password and TOTP guesses, so that guessing is slow but an attacker cannot lock
// the owner out. Failures are counted per account *and* source address, and after a few each
// further try from that address must wait twice as long as the last: the attacker's address
// slows down while the owner, signing in from elsewhere, is not affected. An account-wide count
// is only a high backstop against guessing spread over many addresses (at most 100 failures in
// a row, as NIST SP 800-63B §5.2.2 asks); when it trips, the account's owner is emailed a
// one-time unlock link, so even then they have a way back in (account-unlock.ts).
//
// The lock cannot be used to keep the owner out: an address that signed in to the account
// before (a right password or TOTP code from it, or the unlock link followed from it) is known
// for 30 days, and guesses from a known address skip the account-wide lock (its own per-address
// delays still apply). An attacker with many addresses can lock the account for everyone else,
// not for the owner's own places; they cannot make their addresses known without the secret.
//
// Every guess is counted *before* it is checked, so a burst of concurrent guesses cannot all
// pass the check while the first ones are still being verified: synchronously on SQLite, where
// counts live in memory per database as the other rate limits do (a restart forgets them); on
// PostgreSQL in rows every instance shares, each count read and written under a row lock
// (shared-counters.ts), so guesses spread over instances are counted as in one process.
import { RateLimitedError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { perDatabase, rememberBounded } from '../storage/database-memory';
import type { PostgresStorage } from '../../../db/pg/connection';
import { deleteSharedCounters, knownSourceCounterPrefix, updateSharedCounters, type CounterRow } from '../storage/shared-counters';

const minute = 60_000;

/** Defaults, documented in docs/security.md (Rate limits). */
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
  /** How long an address that signed in to an account stays known to it, and so exempt from its lock. */
  knownSourceMillis: 30 * 24 * 60 * minute,
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

const countsOf = perDatabase(() => ({
  bySource: new Map<string, FailureCount>(),
  byAccount: new Map<string, FailureCount>(),
  /** When each address last signed in to each account. */
  knownSources: new Map<string, number>(),
}));

// JSON rather than a separator character: PostgreSQL text holds no NUL, and any other character
// could be in an address. The same keys in memory and in the shared rows.
const accountKey = (secret: GuessedSecret, projectId: string, account: string) =>
  JSON.stringify(['guess-account', secret, projectId, account.toLowerCase()]);
const sourceKey = (secret: GuessedSecret, projectId: string, account: string, sourceIp: string) =>
  JSON.stringify(['guess-source', secret, projectId, account.toLowerCase(), sourceIp]);
const knownSourceKey = (secret: GuessedSecret, projectId: string, account: string, sourceIp: string) =>
  JSON.stringify([knownSourceCounterPrefix, secret, projectId, account.toLowerCase(), sourceIp]);

/** The count as it stands at `now`: one untouched for the forgetting time starts again from nothing. */
function liveAt(count: FailureCount | undefined, now: number): FailureCount | null {
  return count && now - count.lastAt < guessThrottlePolicy.forgetAfterMillis ? count : null;
}

function liveCount(ctx: Context, map: Map<string, FailureCount>, key: string): FailureCount {
  const now = ctx.clock.now();
  const existing = liveAt(map.get(key), now);
  if (existing) return existing;
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
  succeeded(): Promise<void>;
  /** The guess was wrong (it is already counted). True when this failure tripped the account backstop. */
  failed(): Promise<{ backstopTripped: boolean }>;
}

/** Retry-After of a locked account: the SDK waits this long before asking again. */
const lockedRetryMillis = 15 * minute;

/**
 * Why a guess must not be checked now, from the account's and the address's counts (both live,
 * i.e. forgotten ones already reset): a 429 to throw, or null when the guess may go ahead.
 */
function refusal(
  accountCount: FailureCount,
  sourceCount: FailureCount,
  now: number,
  sourceKnown: boolean,
): RateLimitedError | null {
  if (accountCount.failures >= guessThrottlePolicy.accountBackstopFailures && !sourceKnown) {
    const lapsesIn = accountCount.lastAt + guessThrottlePolicy.forgetAfterMillis - now;
    return new RateLimitedError(Math.ceil(Math.min(lapsesIn, lockedRetryMillis) / 1000), 'ACCOUNT_LOCKED_AFTER_FAILED_ATTEMPTS');
  }
  const waitMillis = sourceCount.lastAt + delayAfterFailures(sourceCount.failures) - now;
  if (sourceCount.failures >= guessThrottlePolicy.freeFailuresPerSource && waitMillis > 0) {
    return new RateLimitedError(Math.ceil(waitMillis / 1000));
  }
  return null;
}

/** Whether a failure that left the account at `failures` trips the backstop (once: not if its email went out). */
function tripsBackstop(accountCount: FailureCount): boolean {
  return accountCount.failures >= guessThrottlePolicy.accountBackstopFailures && !accountCount.unlockOffered;
}

/**
 * Counts one guess at `account` from `sourceIp` before it is checked, or refuses it (429 with
 * Retry-After) while the address must wait or the account is locked. On SQLite the count is
 * taken before this returns its promise.
 */
export async function reserveGuess(
  ctx: Context,
  secret: GuessedSecret,
  projectId: string,
  account: string,
  sourceIp: string,
): Promise<ReservedGuess> {
  if (ctx.settings.rateLimitsDisabled) return { succeeded: async () => {}, failed: async () => ({ backstopTripped: false }) };
  const accountId = accountKey(secret, projectId, account);
  const sourceId = sourceKey(secret, projectId, account, sourceIp);
  const knownId = knownSourceKey(secret, projectId, account, sourceIp);
  if (ctx.storage.dialect === 'postgres') {
    return await reserveSharedGuess(ctx, ctx.storage, accountId, sourceId, knownId);
  }
  const { bySource, byAccount, knownSources } = countsOf(ctx);
  const now = ctx.clock.now();

  const accountCount = liveCount(ctx, byAccount, accountId);
  const sourceCount = liveCount(ctx, bySource, sourceId);
  const knownAt = knownSources.get(knownId);
  const sourceKnown = knownAt !== undefined && now - knownAt < guessThrottlePolicy.knownSourceMillis;
  const refused = refusal(accountCount, sourceCount, now, sourceKnown);
  if (refused) throw refused;

  sourceCount.failures++;
  sourceCount.lastAt = now;
  accountCount.failures++;
  accountCount.lastAt = now;
  return {
    async succeeded() {
      bySource.delete(sourceId);
      byAccount.delete(accountId);
      rememberKnownSourceInMemory(ctx, knownId);
    },
    async failed() {
      const tripped = tripsBackstop(accountCount) && byAccount.get(accountId) === accountCount;
      if (tripped) accountCount.unlockOffered = true;
      return { backstopTripped: tripped };
    },
  };
}

/** reserveGuess on PostgreSQL: the same counts, in the rows every instance shares. */
async function reserveSharedGuess(
  ctx: Context,
  storage: PostgresStorage,
  accountId: string,
  sourceId: string,
  knownId: string,
): Promise<ReservedGuess> {
  const now = ctx.clock.now();
  const live = (row: CounterRow | undefined): FailureCount =>
    liveAt(row && { failures: row.count, lastAt: row.at, unlockOffered: row.flag }, now) ?? { failures: 0, lastAt: now };
  const refused = await updateSharedCounters(
    storage,
    [accountId, sourceId, knownId],
    now,
    ([accountRow, sourceRow, knownRow]) => {
      const accountCount = live(accountRow);
      const sourceCount = live(sourceRow);
      const sourceKnown = knownRow !== undefined && now - knownRow.at < guessThrottlePolicy.knownSourceMillis;
      const refusedNow = refusal(accountCount, sourceCount, now, sourceKnown);
      if (refusedNow) return { writes: [], result: refusedNow };
      return {
        writes: [
          { count: accountCount.failures + 1, at: now, flag: accountCount.unlockOffered === true },
          { count: sourceCount.failures + 1, at: now, flag: false },
          undefined,
        ],
        result: null,
      };
    },
  );
  if (refused) throw refused;
  return {
    async succeeded() {
      await deleteSharedCounters(storage, [accountId, sourceId]);
      await rememberSharedKnownSource(ctx, storage, knownId);
    },
    failed: () =>
      updateSharedCounters<{ backstopTripped: boolean }>(storage, [accountId], ctx.clock.now(), ([accountRow]) => {
        const accountCount = live(accountRow);
        if (!tripsBackstop(accountCount)) return { writes: [], result: { backstopTripped: false } };
        return {
          writes: [{ count: accountCount.failures, at: accountCount.lastAt, flag: true }],
          result: { backstopTripped: true },
        };
      }),
  };
}

/** Lifts the backstop lock of an account (its owner followed the emailed unlock link). */
export async function liftAccountLock(ctx: Context, secret: GuessedSecret, projectId: string, account: string): Promise<void> {
  const accountId = accountKey(secret, projectId, account);
  if (ctx.storage.dialect === 'postgres') return deleteSharedCounters(ctx.storage, [accountId]);
  countsOf(ctx).byAccount.delete(accountId);
}

/** The address `sourceIp` signed in to the account (or followed its unlock link): it is exempt from the account's lock for a while. */
export async function rememberKnownSource(
  ctx: Context,
  secret: GuessedSecret,
  projectId: string,
  account: string,
  sourceIp: string,
): Promise<void> {
  const knownId = knownSourceKey(secret, projectId, account, sourceIp);
  if (ctx.storage.dialect === 'postgres') return rememberSharedKnownSource(ctx, ctx.storage, knownId);
  rememberKnownSourceInMemory(ctx, knownId);
}

function rememberKnownSourceInMemory(ctx: Context, knownId: string): void {
  const { knownSources } = countsOf(ctx);
  // Re-inserted, so the order of the map stays the order of last use for rememberBounded.
  knownSources.delete(knownId);
  rememberBounded(knownSources, knownId, ctx.clock.now(), guessThrottlePolicy.maxTrackedEntries);
}

async function rememberSharedKnownSource(ctx: Context, storage: PostgresStorage, knownId: string): Promise<void> {
  const now = ctx.clock.now();
  await updateSharedCounters(storage, [knownId], now, () => ({ writes: [{ count: 1, at: now, flag: false }], result: null }));
}
