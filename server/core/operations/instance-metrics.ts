// What `serve --metrics` counts, as an interface core code calls through `ctx.metrics?.…`: without
// --metrics the Context has none, so counting costs one property read and prom-client is never
// loaded. prometheus-metrics.ts implements it; the queue depths are read here, at scrape time.
import { count, inArray } from 'drizzle-orm';
import type { Context } from '../storage/context';
import { emailMessages, webhookDeliveries } from '../storage/tables';

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

/** Queue rows by state: `pending` waits for a (next) attempt; `failed` was given up on. */
export interface QueueDepths {
  email: Record<'pending' | 'outbox' | 'failed', number>;
  webhook: Record<'pending' | 'failed', number>;
}

/** Read through each table's (status, next_attempt_at) index; rows already delivered are not counted. */
export async function readQueueDepths(ctx: Context): Promise<QueueDepths> {
  const depths: QueueDepths = { email: { pending: 0, outbox: 0, failed: 0 }, webhook: { pending: 0, failed: 0 } };
  const emailRows = await ctx.db
    .select({ status: emailMessages.status, n: count() })
    .from(emailMessages)
    .where(inArray(emailMessages.status, ['pending', 'outbox', 'failed']))
    .groupBy(emailMessages.status);
  for (const row of emailRows) if (row.status !== 'sent') depths.email[row.status] = Number(row.n);
  const webhookRows = await ctx.db
    .select({ status: webhookDeliveries.status, n: count() })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.status, ['pending', 'failed']))
    .groupBy(webhookDeliveries.status);
  for (const row of webhookRows) if (row.status !== 'succeeded') depths.webhook[row.status] = Number(row.n);
  return depths;
}
