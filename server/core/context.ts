// The Context every core function receives: storage, clock, mode and logger. Nothing in core
// reaches for globals, so tests and the CLI build their own Context over a temporary directory.
import type { Database } from 'bun:sqlite';
import type { Db } from '../../db/connection';

export interface Clock {
  now(): number;
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export type InstanceMode = 'development' | 'production';

/** Instance-wide settings from `authd serve` flags and the environment. */
export interface InstanceSettings {
  accessTokenLifetimeMillis: number;
  /** smtp(s):// URL of the instance mail server used by projects on the shared email config. */
  smtpUrl?: string;
  /** From address for mail sent through the instance SMTP server. */
  smtpFrom?: string;
  /** Where users reach authd, when it differs from the listening address (behind a proxy). */
  publicUrl?: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /** Benchmarks only: lets a load generator sign in thousands of times a minute. Refused in production. */
  rateLimitsDisabled?: boolean;
}

export const defaultAccessTokenLifetimeMillis = 10 * 60 * 1000;

export function defaultSettings(): InstanceSettings {
  return { accessTokenLifetimeMillis: defaultAccessTokenLifetimeMillis };
}

export interface Context {
  db: Db;
  sqlite: Database;
  clock: Clock;
  mode: InstanceMode;
  log: Logger;
  settings: InstanceSettings;
  /** The instance's key for sealing secrets at rest (server/core/secret-box.ts). */
  secretKey: Uint8Array;
  /** Set by `serve`: tells its delivery worker that a message was queued. */
  wakeEmailDelivery?: () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Logs to stderr so that `--json` output on stdout stays machine-readable. */
export const stderrLogger: Logger = {
  info: (m) => console.error(m),
  warn: (m) => console.error(`warning: ${m}`),
  error: (m) => console.error(`error: ${m}`),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
