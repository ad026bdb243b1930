// Events as messages and deliveries as attempts, read a page at a time: what the Svix-compatible
// API (server/http/routes/svix-api.ts) lists. An event is one message to every endpoint; each of
// its deliveries is listed with every attempt made, or as waiting when none has been made yet, so
// a message shows up even while its endpoint cannot be reached.
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEvents } from '../storage/tables';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { requireWebhookEndpointRow } from './webhook-endpoints';
import { firstRow } from '../storage/query-results';
import { findRowOfProject } from '../storage/rows-of-project';

export interface WebhookMessage {
  id: string;
  type: string;
  payload: unknown;
  created_at_millis: number;
}

export interface WebhookDeliveryAttempt {
  /** `<delivery id>.<attempt number>`; `.0` for a delivery not attempted yet. */
  id: string;
  message_id: string;
  endpoint_id: string;
  url: string;
  state: 'succeeded' | 'failed' | 'waiting';
  status_code: number | null;
  response: string;
  attempted_at_millis: number;
}

export interface Page<T> {
  items: T[];
  /** Where the next page starts (the last item's place), or null when this is the last page. */
  next: string | null;
}

type EventRow = typeof webhookEvents.$inferSelect;

function messageOf(row: EventRow): WebhookMessage {
  return { id: row.id, type: row.type, payload: JSON.parse(row.payload), created_at_millis: row.createdAt };
}

/** Newest first; `after` is a page's `next`. */
export async function listWebhookMessages(ctx: Context, projectId: string, page: { limit: number; after?: string }): Promise<Page<WebhookMessage>> {
  const start =
    page.after === undefined
      ? undefined
      : firstRow(await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, page.after)).limit(1));
  const rows = await ctx.db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.projectId, projectId),
        start
          ? or(
              lt(webhookEvents.createdAt, start.createdAt),
              and(eq(webhookEvents.createdAt, start.createdAt), lt(webhookEvents.id, start.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map(messageOf);
  return { items, next: rows.length > page.limit ? items.at(-1)!.id : null };
}

export async function readWebhookMessage(ctx: Context, projectId: string, messageId: string): Promise<WebhookMessage> {
  const row = await findRowOfProject(ctx.db, webhookEvents, projectId, messageId);
  if (!row) throw plainTextError('WEBHOOK_MESSAGE_NOT_FOUND');
  return messageOf(row);
}

/** Every attempt at the endpoint's deliveries, newest delivery first; `after` is a page's `next`. */
export async function listEndpointAttempts(
  ctx: Context,
  projectId: string,
  endpointId: string,
  page: { limit: number; after?: string },
): Promise<Page<WebhookDeliveryAttempt>> {
  const endpoint = await requireWebhookEndpointRow(ctx, projectId, endpointId);
  const deliveries = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  const allAttempts = (
    await ctx.db
      .select({ attempt: webhookDeliveryAttempts })
      .from(webhookDeliveryAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveryAttempts.attempt))
  ).map((row) => row.attempt);
  const attempts: WebhookDeliveryAttempt[] = [];
  for (const delivery of deliveries) {
    const made = allAttempts.filter((attempt) => attempt.deliveryId === delivery.id);
    const base = { message_id: delivery.eventId, endpoint_id: endpointId, url: endpoint.url };
    if (made.length === 0) {
      attempts.push({ ...base, id: `${delivery.id}.0`, state: 'waiting', status_code: null, response: '', attempted_at_millis: delivery.createdAt });
    }
    for (const attempt of made) {
      const succeeded = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      attempts.push({
        ...base,
        id: `${delivery.id}.${attempt.attempt}`,
        state: succeeded ? 'succeeded' : 'failed',
        status_code: attempt.statusCode,
        response: attempt.responseExcerpt ?? attempt.error ?? '',
        attempted_at_millis: attempt.attemptedAt,
      });
    }
  }
  const from = page.after === undefined ? 0 : attempts.findIndex((attempt) => attempt.id === page.after) + 1;
  const items = attempts.slice(from, from + page.limit);
  return { items, next: from + page.limit < attempts.length ? items.at(-1)!.id : null };
}
