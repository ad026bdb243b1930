// The Context every core function receives: storage, clock, mode and logger. Nothing in core
// reaches for globals, so tests and the CLI build their own Context over a temporary directory.
// Core functions that touch the database are async and take it from here: `db` answers from the
// reader connection, or from the open transaction inside writeTransaction (transactions.ts).
import type { Db, Storage } from '../../../db/connection';
import type { PostgresStorage } from '../../../db/pg/connection';

/** A hostname's addresses as node:dns gives them (webhooks/public-addresses.ts). */
export type ResolveAddresses = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The database a Context serves: a SQLite data directory's connections, or a PostgreSQL pool. */
export type DatabaseStorage = Storage | PostgresStorage;

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
  /**
   * Sender address of mail sent through the instance SMTP server (`--mail-from`); the sender
   * name is always the project's display name.
   */
  mailFrom?: string;
  /** Where users reach authd, when it differs from the listening address (behind a proxy). */
  publicUrl?: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /** Benchmarks only: lets a load generator sign in thousands of times a minute. Refused in production. */
  rateLimitsDisabled?: boolean;
  /** OAuth providers: instance credentials for `shared` ones and endpoint overrides (AUTHD_OAUTH_*). */
  oauth?: OAuthInstanceSettings;
  /** Which build of the hosted handler screens to serve (default `react`; env AUTHD_HOSTED_UI). */
  hostedScreensRuntime?: 'react' | 'preact';
}

export interface OAuthInstanceSettings {
  /** By provider id (`github` …): the instance's own app at that provider. */
  sharedCredentials?: Record<string, { clientId: string; clientSecret: string }>;
  /** By provider id: endpoints used instead of the provider's real ones (self-hosted GitLab, tests). */
  endpointOverrides?: Record<string, { authorizeUrl?: string; tokenUrl?: string; userinfoUrl?: string }>;
}

export const defaultAccessTokenLifetimeMillis = 10 * 60 * 1000;

export function defaultSettings(): InstanceSettings {
  return { accessTokenLifetimeMillis: defaultAccessTokenLifetimeMillis };
}

// What `serve --metrics` counts, as an interface core code calls through `ctx.metrics?.…`: without
// --metrics the Context has none, so counting costs one property read and prom-client is never
// loaded (operations/prometheus-metrics.ts implements it). Declared here, beside the Context that
// carries it, so core's lower floors can count without importing operations.
/** `failed` will be retried; `gave_up` was the last attempt. */
export type DeliveryOutcome = 'delivered' | 'failed' | 'gave_up';

/** A sign-in or a sign-up, as the metrics name the two. */
export type AuthAction = 'sign_in' | 'sign_up';

export interface InstanceMetrics {
  /** One answered HTTP request; `route` is a pattern (`/api/v1/users/:user_id`), never the raw path. */
  observeHttpRequest(method: string, route: string, status: number, seconds: number): void;
  /** `outcome` is `success` or the refusal's known-error code in lower case. */
  countAuthAttempt(action: AuthAction, method: string, outcome: string): void;
  countRateLimitRefusal(rule: string): void;
  /** One attempt to hand an email to SMTP or a webhook to its receiver, by how it ended. */
  countDeliveryAttempt(kind: 'email' | 'webhook', outcome: DeliveryOutcome): void;
  /** From asking for a write transaction (lock wait included) to its commit or rollback. */
  observeWriteTransaction(seconds: number): void;
  /** The Prometheus text exposition of every metric, queue depths read from the database now. */
  exposition(): Promise<string>;
  readonly contentType: string;
}

export interface Context {
  /**
   * Routed per call (transactions.ts routedDatabase): inside writeTransaction the transaction's
   * handle, so reads see its own writes; outside it the read-only reader, so a write made
   * outside a transaction fails instead of landing in another request's open transaction.
   */
  db: Db;
  /**
   * The database's connections, which also name it for what the process keeps per database
   * (caches, rate limits). Raw SQL on SQLite's writer belongs inside writeTransaction, or to
   * code that runs alone before serving (migrations, backups, copies).
   */
  storage: DatabaseStorage;
  clock: Clock;
  mode: InstanceMode;
  log: Logger;
  settings: InstanceSettings;
  /** The instance's key for sealing secrets at rest (server/core/storage/secret-box.ts). */
  secretKey: Uint8Array;
  /**
   * Set by the HTTP server: where this process listens. Emailed links to authd itself use the
   * configured public URL, else this, never the request's Host header (which the sender chooses).
   */
  listeningUrl?: string;
  /** Set by `serve`: tells its delivery worker that a message was queued. */
  wakeEmailDelivery?: () => void;
  /** Set by `serve`: tells its webhook worker that an event was queued or a retry asked for. */
  wakeWebhookDelivery?: () => void;
  /** Set by `serve --metrics`: what GET /metrics reports. Absent otherwise, and nothing is counted. */
  metrics?: InstanceMetrics;
  /** How webhook deliveries resolve hostnames; system DNS unless a test plays a rebinding DNS server. */
  webhookDns?: ResolveAddresses;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Logs to stderr so that `--json` output on stdout stays machine-readable. */
export const stderrLogger: Logger = {
  info: (m) => console.error(m),
  warn: (m) => console.error(`warning: ${m}`),
  error: (m) => console.error(`error: ${m}`),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
