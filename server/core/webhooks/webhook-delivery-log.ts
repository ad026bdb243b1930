// The delivery log as admins see it: each delivery of an event to an endpoint with its state
// and every attempt's status code or error, and the manual retry.
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEvents } from '../storage/tables';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { readSnapshot, writeTransaction } from '../storage/transactions';
import { attemptWebhookDelivery, findDeliveryToAttempt } from './webhook-delivery';
import { requireWebhookEndpointRow } from './webhook-endpoints';
import { firstRow } from '../storage/query-results';
import { insertionOrder } from '../storage/dialect-sql';
import { rowOfProject } from '../storage/rows-of-project';

const manualRetryReservationMillis = 60_000;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

export interface WebhookAttemptView {
  attempt: number;
  attempted_at_millis: number;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
}

export interface WebhookDeliveryView {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  /** When the next automatic attempt is due; null once succeeded or failed. */
  next_attempt_at_millis: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at_millis: number;
  delivered_at_millis: number | null;
  attempt_log: WebhookAttemptView[];
}

async function deliveryViews(ctx: Context, rows: { delivery: DeliveryRow; eventType: string }[]): Promise<WebhookDeliveryView[]> {
  const ids = rows.map((r) => r.delivery.id);
  const attempts: AttemptRow[] = ids.length
    ? await ctx.db
        .select()
        .from(webhookDeliveryAttempts)
        .where(inArray(webhookDeliveryAttempts.deliveryId, ids))
        .orderBy(asc(webhookDeliveryAttempts.attempt))
    : [];
  return rows.map(({ delivery, eventType }) => ({
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at_millis: delivery.status === 'pending' ? delivery.nextAttemptAt : null,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    created_at_millis: delivery.createdAt,
    delivered_at_millis: delivery.deliveredAt,
    attempt_log: attempts
      .filter((a) => a.deliveryId === delivery.id)
      .map((a) => ({
        attempt: a.attempt,
        attempted_at_millis: a.attemptedAt,
        status_code: a.statusCode,
        error: a.error,
        response_excerpt: a.responseExcerpt,
      })),
  }));
}

/** An endpoint's deliveries, newest first. */
export async function listWebhookDeliveries(
  ctx: Context,
  projectId: string,
  endpointId: string,
  options: { limit?: number } = {},
): Promise<WebhookDeliveryView[]> {
  await requireWebhookEndpointRow(ctx, projectId, endpointId);
  // One snapshot for the deliveries and their attempts: a worker committing an attempt between
  // the two reads would show a delivery still pending beside the attempt that ended it.
  return await readSnapshot(ctx, async () => {
    const rows = await ctx.db
      .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.endpointId, endpointId))
      // rowid keeps queue order among deliveries queued within the same millisecond.
      .orderBy(desc(webhookDeliveries.createdAt), desc(insertionOrder(webhookDeliveries, webhookDeliveries.id)))
      .limit(Math.min(Math.max(options.limit ?? 50, 1), 200));
    return await deliveryViews(ctx, rows);
  });
}

export async function readWebhookDelivery(ctx: Context, projectId: string, deliveryId: string): Promise<WebhookDeliveryView> {
  return await readSnapshot(ctx, async () => {
    const row = firstRow(
      await ctx.db
        .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(rowOfProject(webhookDeliveries, projectId, deliveryId))
        .limit(1),
    );
    if (!row) throw plainTextError('WEBHOOK_DELIVERY_NOT_FOUND');
    return (await deliveryViews(ctx, [row]))[0]!;
  });
}

/**
 * Sends the delivery again now, whatever its state (pending, failed or even succeeded), and
 * answers with the result. A failed delivery gets this one attempt; a pending one continues its
 * schedule if the attempt fails.
 */
export async function retryWebhookDelivery(ctx: Context, projectId: string, deliveryId: string): Promise<WebhookDeliveryView> {
  await writeTransaction(ctx, async (tx) => {
    const rows = await tx
      .update(webhookDeliveries)
      // Not due for a worker (maybe in another process) for a minute, so only this call makes the
      // attempt; should it die first, the worker takes over.
      .set({ status: 'pending', nextAttemptAt: ctx.clock.now() + manualRetryReservationMillis })
      .where(rowOfProject(webhookDeliveries, projectId, deliveryId))
      .returning({ id: webhookDeliveries.id });
    if (rows.length === 0) throw plainTextError('WEBHOOK_DELIVERY_NOT_FOUND');
  });
  const delivery = await findDeliveryToAttempt(ctx, deliveryId);
  // The caller sees the outcome in the answer; no separate warning.
  if (delivery) await attemptWebhookDelivery(ctx, delivery, { logFailure: false });
  return await readWebhookDelivery(ctx, projectId, deliveryId);
}
