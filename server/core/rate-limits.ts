// Rate limits on what checks a password or sends email, per client IP and per email address or
// user, so neither one address nor one machine can guess passwords or flood an inbox. Counters
// live in memory per database (one server process per data directory); a restart resets them.
import type { Context } from './context';
import { perDatabase } from './database-memory';
import { RateLimitedError } from '../protocol/status-error';

export interface RateLimitRule {
  limit: number;
  windowMillis: number;
}

const minute = 60_000;

/** Defaults, documented in the README. */
export const rateLimitRules = {
  passwordSignInPerIp: { limit: 50, windowMillis: 15 * minute },
  /** Failed sign-ins only: the account's owner is not locked out by their own successes. */
  passwordSignInFailuresPerEmail: { limit: 10, windowMillis: 15 * minute },
  signUpPerIp: { limit: 20, windowMillis: 60 * minute },
  emailSendPerIp: { limit: 20, windowMillis: 60 * minute },
  emailSendPerAddress: { limit: 5, windowMillis: 60 * minute },
  passwordCheckPerUser: { limit: 10, windowMillis: 15 * minute },
  /** Wrong TOTP codes for one user across all their MFA attempt codes (successes do not count). */
  totpFailuresPerUser: { limit: 10, windowMillis: 15 * minute },
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

const windowsOf = perDatabase(() => new Map<string, Window>());

function currentWindow(ctx: Context, name: RateLimitName, projectId: string, key: string): Window {
  const rule = rateLimitRules[name];
  const windows = windowsOf(ctx);
  const now = ctx.clock.now();
  const id = `${name}\u0000${projectId}\u0000${key.toLowerCase()}`;
  let window = windows.get(id);
  if (!window || now - window.startedAt >= rule.windowMillis) {
    window = { startedAt: now, count: 0 };
    windows.set(id, window);
    if (windows.size > 100_000) pruneExpired(windows, now);
  }
  return window;
}

/** Refuses when the window's limit for `key` is spent, without counting anything. */
export function checkRateLimit(ctx: Context, name: RateLimitName, projectId: string, key: string): void {
  if (ctx.settings.rateLimitsDisabled) return;
  refuseWhenSpent(ctx, name, currentWindow(ctx, name, projectId, key));
}

/** Counts one attempt against `name` for `key`, refusing it once the window's limit is spent. */
export function consumeRateLimit(ctx: Context, name: RateLimitName, projectId: string, key: string): void {
  if (ctx.settings.rateLimitsDisabled) return;
  const window = currentWindow(ctx, name, projectId, key);
  refuseWhenSpent(ctx, name, window);
  window.count++;
}

function refuseWhenSpent(ctx: Context, name: RateLimitName, window: Window): void {
  const rule = rateLimitRules[name];
  if (window.count >= rule.limit) {
    throw new RateLimitedError(Math.ceil((window.startedAt + rule.windowMillis - ctx.clock.now()) / 1000));
  }
}

function pruneExpired(windows: Map<string, Window>, now: number): void {
  const longest = Math.max(...Object.values(rateLimitRules).map((r) => r.windowMillis));
  for (const [id, window] of windows) if (now - window.startedAt >= longest) windows.delete(id);
}
