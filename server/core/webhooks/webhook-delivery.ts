// Delivering queued webhook events: one signed POST per attempt, retried with exponential
// backoff over about a day (Svix's schedule), each attempt written to the delivery log. The
// worker started by `authd serve` wakes after each commit and also polls, so rows written by
// the CLI or left pending by a previous run are picked up.
import { and, asc, eq, lte } from 'drizzle-orm';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints, webhookEvents } from '../storage/tables';
import { startBackgroundWorker, type BackgroundWorker } from '../storage/background-worker';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';
import { claimNextAttempt } from '../storage/attempt-claims';
import { openEndpointSecret } from './webhook-endpoints';
import { signedWebhookHeaders } from './webhook-signing';
import { postToEndpoint } from './webhook-requests';
import { firstRow } from '../storage/query-results';
import { insertionOrder } from '../storage/dialect-sql';

/** Waits after the 1st, 2nd … failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 hours). */
export const webhookRetryDelaysMillis = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const maxWebhookAttempts = webhookRetryDelaysMillis.length + 1;
const webhookAttemptTimeoutMillis = 15_000;
const pollIntervalMillis = 2_000;
const batchSize = 20;
const responseExcerptBytes = 1_000;
const interruptedAttemptText = 'authd stopped before this attempt finished';
const unreachableEndpointText = 'no answer from the endpoint (not reachable, not a public address, or no answer in time)';

export interface DeliveryToAttempt {
  id: string;
  attempts: number;
  endpointId: string;
  url: string;
  secretSealed: string;
  eventId: string;
  payload: string;
}

const deliveryToAttemptColumns = {
  id: webhookDeliveries.id,
  attempts: webhookDeliveries.attempts,
  endpointId: webhookDeliveries.endpointId,
  url: webhookEndpoints.url,
  secretSealed: webhookEndpoints.secretSealed,
  eventId: webhookDeliveries.eventId,
  payload: webhookEvents.payload,
};

async function selectDueDeliveries(ctx: Context): Promise<DeliveryToAttempt[]> {
  return await ctx.db
    .select(deliveryToAttemptColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, ctx.clock.now())))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), insertionOrder(webhookDeliveries, webhookDeliveries.id))
    .limit(batchSize);
}

export async function findDeliveryToAttempt(ctx: Context, deliveryId: string): Promise<DeliveryToAttempt | undefined> {
  return firstRow(
    await ctx.db
      .select(deliveryToAttemptColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .limit(1),
  );
}

interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  /** Why no answer came, for the server's log only. */
  cause?: string;
}

/**
 * One attempt. The delivery is claimed first (attempt counted, not due again until the attempt
 * has surely ended, log row written as interrupted), so a crash mid-request retries later rather
 * than never, and two processes never send the same event at once.
 */
export async function attemptWebhookDelivery(
  ctx: Context,
  delivery: DeliveryToAttempt,
  options: { stopSignal?: AbortSignal; logFailure?: boolean } = {},
): Promise<void> {
  const { stopSignal, logFailure = true } = options;
  const attempt = delivery.attempts + 1;
  const startedAt = ctx.clock.now();
  const retryAt = startedAt + (webhookRetryDelaysMillis[attempt - 1] ?? 0);
  const claimed = await writeTransaction(ctx, async (tx) => {
    // Not due again while this attempt may still be running: another instance's worker would
    // otherwise send the event a second time while a slow endpoint (over 5 s, under the
    // timeout) is still answering the first. The outcome below sets the retry time proper;
    // after a crash mid-attempt, the retry waits out the timeout too.
    if (!(await claimNextAttempt(tx, webhookDeliveries, delivery, retryAt + webhookAttemptTimeoutMillis))) return false;
    await tx
      .insert(webhookDeliveryAttempts)
      .values({ deliveryId: delivery.id, attempt, attemptedAt: startedAt, error: interruptedAttemptText });
    return true;
  });
  if (!claimed) return;

  const outcome = await postSignedEvent(ctx, delivery, stopSignal);
  // An attempt cut short by a stop is not the receiver's fault: it is repeated at the next start.
  const interrupted = !outcome.ok && stopSignal?.aborted === true;
  const gaveUp = !outcome.ok && !interrupted && attempt >= maxWebhookAttempts;
  await writeTransaction(ctx, async (tx) => {
    await tx
      .update(webhookDeliveryAttempts)
      .set({ statusCode: outcome.statusCode, error: outcome.error, responseExcerpt: outcome.responseExcerpt })
      .where(and(eq(webhookDeliveryAttempts.deliveryId, delivery.id), eq(webhookDeliveryAttempts.attempt, attempt)));
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.ok ? 'succeeded' : gaveUp ? 'failed' : 'pending',
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        deliveredAt: outcome.ok ? ctx.clock.now() : null,
        ...(interrupted ? { nextAttemptAt: startedAt } : outcome.ok ? {} : { nextAttemptAt: retryAt }),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
  });
  if (!interrupted) ctx.metrics?.countDeliveryAttempt('webhook', outcome.ok ? 'delivered' : gaveUp ? 'gave_up' : 'failed');
  if (!outcome.ok && logFailure) {
    ctx.log.warn(
      `webhook ${delivery.eventId} to ${delivery.url} not delivered (attempt ${attempt}${gaveUp ? ', giving up' : ''}): ${outcome.cause ?? outcome.error}`,
    );
  }
}

async function postSignedEvent(ctx: Context, delivery: DeliveryToAttempt, stopSignal?: AbortSignal): Promise<AttemptOutcome> {
  try {
    const secret = openEndpointSecret(ctx, delivery);
    // The wall clock, not ctx.clock: receivers compare this timestamp with their own clock to
    // refuse replays (standardwebhooks allows five minutes either way).
    const timestampSeconds = Math.floor(Date.now() / 1000);
    const timeout = AbortSignal.timeout(webhookAttemptTimeoutMillis);
    // node:http never follows a redirect: one would be a misconfigured endpoint, and following
    // it would send the event elsewhere.
    const answer = await postToEndpoint({
      url: delivery.url,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'authd-webhooks',
        ...signedWebhookHeaders(secret, delivery.eventId, timestampSeconds, delivery.payload),
      },
      body: delivery.payload,
      signal: stopSignal ? AbortSignal.any([timeout, stopSignal]) : timeout,
      publicOnly: ctx.mode === 'production',
      resolve: ctx.webhookDns,
      excerptBytes: responseExcerptBytes,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      statusCode: answer.status,
      error: ok ? null : `the endpoint answered ${answer.status}`,
      responseExcerpt: answer.excerpt,
    };
  } catch (error) {
    if (stopSignal?.aborted) return { ok: false, statusCode: null, error: interruptedAttemptText, responseExcerpt: null };
    // One text for every failure to get an answer (refused, timed out, TLS, DNS, a non-public
    // address): telling them apart would turn the delivery log into a port scanner for project
    // admins. The server's own log keeps the cause.
    return {
      ok: false,
      statusCode: null,
      error: unreachableEndpointText,
      responseExcerpt: null,
      cause: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Stopping cancels attempts in flight; they are made again at the next start. */
export function startWebhookDelivery(ctx: Context): BackgroundWorker {
  const stopController = new AbortController();
  const worker = startBackgroundWorker({
    name: 'webhook delivery',
    pollIntervalMillis,
    log: ctx.log,
    async runBatch(isStopped) {
      const due = await selectDueDeliveries(ctx);
      // Endpoints in parallel, so one slow receiver does not hold up the others; each
      // endpoint's events in order.
      const byEndpoint = Map.groupBy(due, (delivery) => delivery.endpointId);
      await Promise.all(
        [...byEndpoint.values()].map(async (deliveries) => {
          for (const delivery of deliveries) {
            if (isStopped()) return;
            await attemptWebhookDelivery(ctx, delivery, { stopSignal: stopController.signal });
          }
        }),
      );
      return due.length === batchSize;
    },
    onStop() {
      if (ctx.wakeWebhookDelivery === worker.wake) ctx.wakeWebhookDelivery = undefined;
      stopController.abort();
    },
  });
  ctx.wakeWebhookDelivery = worker.wake;
  return worker;
}
