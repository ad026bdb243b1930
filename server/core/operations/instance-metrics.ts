// The queue depths `serve --metrics` reports, read from the database at scrape time. What it
// counts is the Context's InstanceMetrics (storage/context.ts), implemented by prometheus-metrics.ts.
import { count, inArray } from 'drizzle-orm';
import type { Context } from '../storage/context';
import { emailMessages, webhookDeliveries } from '../storage/tables';

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
