// The webhook outbox. Core functions that change users, teams and memberships call
// enqueueWebhookEvent inside their own transaction, so an event exists exactly when its change
// commits, whether it came from the API, the CLI or a sign-up. The worker delivers the rows.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../storage/tables';
import type { Context } from '../storage/context';
import { prepared } from '../storage/prepared-queries';
import { randomCrockfordString } from '../credentials/random-tokens';
import { afterCommit, type DbWriter } from '../storage/transactions';
import { insertionOrderedId } from '../storage/dialect-sql';

export const webhookEventTypes = [
  'user.created',
  'user.updated',
  'user.deleted',
  'team.created',
  'team.updated',
  'team.deleted',
  'team_membership.created',
  'team_membership.deleted',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

const selectEndpointIdsOfProject = (db: Db) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, sql.placeholder('projectId')))
    .prepare();

/**
 * Queues `{type, data}` for every endpoint of the project, in the caller's transaction (`tx`
 * must be the open write transaction of the change). `data` is computed only when the project
 * has endpoints, so projects without webhooks pay one indexed lookup.
 */
export async function enqueueWebhookEvent(
  ctx: Context,
  tx: DbWriter,
  projectId: string,
  type: WebhookEventType,
  data: () => unknown | Promise<unknown>,
): Promise<void> {
  // prepared() gives the statement of the caller's transaction's connection, so it reads within it.
  const endpoints = await prepared(ctx, selectEndpointIdsOfProject).all({ projectId });
  if (endpoints.length === 0) return;
  const now = ctx.clock.now();
  // Also the `webhook-id` header: the same for every endpoint and every retry of this event.
  const eventId = `msg_${randomCrockfordString(26)}`;
  const payload = JSON.stringify({ type, data: await data() });
  await tx.insert(webhookEvents).values({ id: eventId, projectId, type, payload, createdAt: now });
  for (const endpoint of endpoints) {
    await tx.insert(webhookDeliveries).values({
      id: insertionOrderedId(),
      projectId,
      eventId,
      endpointId: endpoint.id,
      status: 'pending',
      nextAttemptAt: now,
      createdAt: now,
    });
  }
  // The worker must see the rows, which exist once the caller's transaction commits.
  afterCommit(ctx, () => setTimeout(() => ctx.wakeWebhookDelivery?.(), 0));
}
