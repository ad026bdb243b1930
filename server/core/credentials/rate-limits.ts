// Rate limits on what checks a password or sends email, per client IP and per email address or
// user, so neither one address nor one machine can guess passwords or flood an inbox. On SQLite
// the counters live in memory per database (one server process per data directory), and a
// restart resets them; on PostgreSQL they are rows every instance shares (shared-counters.ts).
import type { Context } from '../storage/context';
import { perDatabase } from '../storage/database-memory';
import type { PostgresStorage } from '../../../db/pg/connection';
import { updateSharedCounters } from '../storage/shared-counters';
import { RateLimitedError } from '../../protocol/plain-text-errors';
import { isLoopbackAddress } from '../../protocol/localhost-names';

export interface RateLimitRule {
  limit: number;
  windowMillis: number;
  /** What the key is: per-client-address rules are the ones a development instance lifts for loopback clients. */
  per: 'client-address' | 'email-address' | 'user';
}

const minute = 60_000;

/**
 * Defaults, documented in docs/security.md (Rate limits). Wrong passwords and TOTP codes per account are throttled
 * by credentials/guess-throttle.ts instead, per account and address with growing delays.
 */
export const rateLimitRules = {
  passwordSignInPerIp: { limit: 50, windowMillis: 15 * minute, per: 'client-address' },
  signUpPerIp: { limit: 20, windowMillis: 60 * minute, per: 'client-address' },
  emailSendPerIp: { limit: 20, windowMillis: 60 * minute, per: 'client-address' },
  emailSendPerAddress: { limit: 5, windowMillis: 60 * minute, per: 'email-address' },
  passwordCheckPerUser: { limit: 10, windowMillis: 15 * minute, per: 'user' },
  // Each one stores a challenge row; a page offering passkey autofill asks for one per load.
  passkeyChallengePerIp: { limit: 100, windowMillis: 15 * minute, per: 'client-address' },
  // Each one stores the flow's row until the provider sends the user back.
  oauthFlowStartPerIp: { limit: 100, windowMillis: 15 * minute, per: 'client-address' },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof rateLimitRules;

/** Where a request came from, as far as limits care. */
export interface RequestOrigin {
  ip: string;
}

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Windows kept per rule; past this the oldest window that still has room is dropped, so a flood
 * of new addresses (behind a proxy, one per X-Forwarded-For value) cannot grow memory without
 * bound (about 150 bytes each). A spent window is never dropped before it ends: otherwise
 * enough new addresses would hand a refused one a fresh allowance.
 */
export const maxWindowsPerRule = 200_000;
/** Expired windows dropped per request at most: constant work, and still faster than one new window a request can add. */
const expiredDroppedPerRequest = 2;
/** Spent windows looked past per new window when the rule is full, before it uses the overflow window. */
const spentSkippedPerRequest = 8;

/**
 * The windows of one rule: a map to find them, and a queue in the order they started. Every
 * window of a rule lasts as long, so the expired ones are always at the front of the queue,
 * and dropping them costs a few steps per request instead of a scan of the whole map. (The
 * queue is an array rather than the map's own insertion order: deleting from the front of a
 * Map leaves entries that every later walk from the front must step over, in Bun.) A spent
 * window met while making room goes to the back of the queue; should it expire there, its id's
 * next request starts a new window as usual, and the map still holds at most one per id.
 */
class RuleWindows {
  readonly byId = new Map<string, Window>();
  private queuedIds: string[] = [];
  private queuedWindows: Window[] = [];
  private head = 0;
  /**
   * Shared by the new keys that arrive while the rule is full of spent windows: counted
   * together, so they get one allowance between them rather than one each.
   */
  private overflow: Window | undefined;

  constructor(private readonly rule: RateLimitRule) {}

  /** The window for `id` at `now`, started afresh when there is none or it has ended. */
  current(id: string, now: number): Window {
    this.dropExpired(now);
    let window = this.byId.get(id);
    if (!window || now - window.startedAt >= this.rule.windowMillis) {
      if (!window && this.byId.size >= maxWindowsPerRule && !this.dropOldestWithRoom(now)) return this.overflowWindow(now);
      window = { startedAt: now, count: 0 };
      this.byId.set(id, window);
      this.queuedIds.push(id);
      this.queuedWindows.push(window);
    }
    return window;
  }

  private overflowWindow(now: number): Window {
    if (!this.overflow || now - this.overflow.startedAt >= this.rule.windowMillis) this.overflow = { startedAt: now, count: 0 };
    return this.overflow;
  }

  private dropExpired(now: number): void {
    for (let dropped = 0; dropped < expiredDroppedPerRequest && this.head < this.queuedIds.length; dropped++) {
      if (now - this.queuedWindows[this.head]!.startedAt < this.rule.windowMillis) return;
      this.dequeue();
    }
  }

  /**
   * Drops the window that started first among those not spent (queue entries of restarted
   * windows are skipped; spent ones move to the back). False when none was found in a few steps.
   */
  private dropOldestWithRoom(now: number): boolean {
    let spentSkipped = 0;
    while (this.head < this.queuedIds.length && spentSkipped < spentSkippedPerRequest) {
      const id = this.queuedIds[this.head]!;
      const window = this.queuedWindows[this.head]!;
      const spent =
        this.byId.get(id) === window && window.count >= this.rule.limit && now - window.startedAt < this.rule.windowMillis;
      if (!spent) {
        if (this.dequeue()) return true;
        continue;
      }
      this.advanceHead();
      this.queuedIds.push(id);
      this.queuedWindows.push(window);
      spentSkipped++;
    }
    return false;
  }

  /** Removes the queue's first entry, and its window if still current; true if it was. */
  private dequeue(): boolean {
    const id = this.queuedIds[this.head]!;
    const window = this.queuedWindows[this.head]!;
    this.advanceHead();
    const current = this.byId.get(id) === window;
    if (current) this.byId.delete(id);
    return current;
  }

  private advanceHead(): void {
    this.head++;
    // Compact once the consumed front outweighs the rest: amortised constant per entry.
    if (this.head > 1024 && this.head * 2 > this.queuedIds.length) {
      this.queuedIds = this.queuedIds.slice(this.head);
      this.queuedWindows = this.queuedWindows.slice(this.head);
      this.head = 0;
    }
  }
}

const windowsOf = perDatabase(() => new Map<RateLimitName, RuleWindows>());

function windowsOfRule(ctx: Context, name: RateLimitName): RuleWindows {
  const byRule = windowsOf(ctx);
  let windows = byRule.get(name);
  if (!windows) byRule.set(name, (windows = new RuleWindows(rateLimitRules[name])));
  return windows;
}

function currentWindow(ctx: Context, name: RateLimitName, projectId: string, key: string): Window {
  return windowsOfRule(ctx, name).current(`${projectId}\u0000${key.toLowerCase()}`, ctx.clock.now());
}

/** How many windows are kept in memory for `name` (for tests and benchmarks). */
export function rateLimitWindowCount(ctx: Context, name: RateLimitName): number {
  return windowsOfRule(ctx, name).byId.size;
}

/**
 * Counts one attempt against `name` for `key`, refusing it once the window's limit is spent. In
 * memory, the count is taken before this returns its promise: attempts begun together are
 * counted in the order they began.
 */
export async function consumeRateLimit(ctx: Context, name: RateLimitName, projectId: string, key: string): Promise<void> {
  if (ctx.settings.rateLimitsDisabled) return;
  if (rateLimitRules[name].per === 'client-address' && exemptClientAddress(ctx, key)) return;
  if (ctx.storage.dialect === 'postgres') return consumeSharedRateLimit(ctx, ctx.storage, name, projectId, key);
  const window = currentWindow(ctx, name, projectId, key);
  refuseWhenSpent(ctx, name, window);
  window.count++;
}

function refuseWhenSpent(ctx: Context, name: RateLimitName, window: Window): void {
  const retryAfterSeconds = secondsUntilWindowEnds(ctx, name, window);
  if (retryAfterSeconds !== null) {
    ctx.metrics?.countRateLimitRefusal(name);
    throw new RateLimitedError(retryAfterSeconds);
  }
}

/** Null while the window has room; else how long until it ends, for Retry-After. */
function secondsUntilWindowEnds(ctx: Context, name: RateLimitName, window: Window): number | null {
  const rule = rateLimitRules[name];
  if (window.count < rule.limit) return null;
  return Math.ceil((window.startedAt + rule.windowMillis - ctx.clock.now()) / 1000);
}

/** The same window, counted in the row every instance on the PostgreSQL database shares. */
async function consumeSharedRateLimit(
  ctx: Context,
  storage: PostgresStorage,
  name: RateLimitName,
  projectId: string,
  key: string,
): Promise<void> {
  const rule = rateLimitRules[name];
  const now = ctx.clock.now();
  // JSON, not a separator character: PostgreSQL text holds no NUL, and any other could be in an address.
  const counterKey = JSON.stringify(['rate', name, projectId, key.toLowerCase()]);
  const retryAfterSeconds = await updateSharedCounters(storage, [counterKey], now, ([row]) => {
    const window =
      row && now - row.at < rule.windowMillis ? { startedAt: row.at, count: row.count } : { startedAt: now, count: 0 };
    const refusedFor = secondsUntilWindowEnds(ctx, name, window);
    if (refusedFor !== null) return { writes: [], result: refusedFor };
    return { writes: [{ count: window.count + 1, at: window.startedAt, flag: false }], result: null };
  });
  if (retryAfterSeconds !== null) {
    ctx.metrics?.countRateLimitRefusal(name);
    throw new RateLimitedError(retryAfterSeconds);
  }
}

/**
 * A development instance is driven by its developer's own test suite from the same machine,
 * which signs up hundreds of users an hour: per-client-address limits would refuse it and
 * protect nothing (the client is the developer). Per-email-address and per-user limits still
 * apply, since they protect an inbox or an account and a suite uses distinct addresses.
 * Production keeps every limit, loopback included (a reverse proxy on the same host would
 * otherwise exempt the whole internet).
 */
export function exemptClientAddress(ctx: Context, ip: string): boolean {
  return ctx.mode === 'development' && isLoopbackAddress(ip);
}
