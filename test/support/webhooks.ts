// Shared by the webhook tests: endpoints made through the management API, a movable clock for
// the retry schedule, and reads of the outbox rows.
import { expect } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { webhookEvents } from '../../server/core/storage/tables';
import { as, call } from './api-expectations';
import type { TestInstance } from './instance';
import type { WebhookReceiver } from './webhook-receiver';
export { pollUntil } from './poll-until';
export * from './api-expectations';

/** Creates an endpoint for the receiver (admin key) and hands it the secret. */
export async function addEndpoint(t: TestInstance, project: BootstrappedProject, receiver: WebhookReceiver): Promise<string> {
  const res = await call(t, 'POST', '/webhooks/endpoints', { headers: as(project, 'admin'), body: { url: receiver.url } });
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith('201 ');
  expect(res.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  receiver.secret = res.json.secret;
  return res.json.id;
}

/** Moves the instance's clock forward by `millis` more (cumulative) and wakes the worker. */
export function advanceClock(t: TestInstance, millis: number): void {
  const current = t.ctx.clock.now() - Date.now();
  const offset = current + millis;
  t.ctx.clock = { now: () => Date.now() + offset };
  t.ctx.wakeWebhookDelivery?.();
}

export async function deliveriesOf(t: TestInstance, project: BootstrappedProject, endpointId: string): Promise<any[]> {
  const res = await call(t, 'GET', `/webhooks/endpoints/${endpointId}/deliveries`, { headers: as(project, 'admin') });
  expect(res.status).toBe(200);
  return res.json.items;
}

/**
 * The project's queued events, read through ctx.db: inside a writeTransaction that is the
 * transaction's own handle, so the count includes its uncommitted rows on either dialect.
 */
export async function outboxEventCount(t: TestInstance, projectId: string): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.projectId, projectId));
  return row!.n;
}
