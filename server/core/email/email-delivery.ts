// The delivery worker of `authd serve`: sends queued messages over SMTP, retrying with
// exponential backoff for most of a day and leaving a visible failed state with the last
// error. A slow SMTP server never holds up a request: requests only queue.
import { and, asc, eq, lte } from 'drizzle-orm';
import { emailMessages } from '../storage/tables';
import { sendOverSmtp } from '../../providers/smtp-transport';
import { startBackgroundWorker, type BackgroundWorker } from '../storage/background-worker';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';
import { claimNextAttempt } from '../storage/attempt-claims';
import { openEmailMessage, resolveEmailTransport, type EmailMessageRow } from './email-queue';
import { firstRow } from '../storage/query-results';

const maxDeliveryAttempts = 12;
const firstRetryDelayMillis = 30_000;
const pollIntervalMillis = 2_000;

/** 30 s, 1 min, 2 min … doubling: the twelve attempts span about seventeen hours. */
function retryDelayMillis(attempt: number): number {
  return firstRetryDelayMillis * 2 ** (attempt - 1);
}

export function startEmailDelivery(ctx: Context): BackgroundWorker {
  const batchSize = 20;
  const worker = startBackgroundWorker({
    name: 'email delivery',
    pollIntervalMillis,
    log: ctx.log,
    async runBatch(isStopped) {
      const due = await ctx.db
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.status, 'pending'), lte(emailMessages.nextAttemptAt, ctx.clock.now())))
        .orderBy(asc(emailMessages.nextAttemptAt))
        .limit(batchSize);
      for (const message of due) {
        if (isStopped()) return false;
        await deliver(ctx, message);
      }
      return due.length === batchSize;
    },
    onStop() {
      ctx.wakeEmailDelivery = undefined;
    },
  });
  ctx.wakeEmailDelivery = worker.wake;
  return worker;
}

/**
 * The first attempt at a message its request is waiting for (development mode,
 * first-attempt-in-request.ts). A message already claimed by the worker, or gone, is left alone.
 */
export async function deliverQueuedMessageNow(ctx: Context, messageId: string): Promise<void> {
  const message = firstRow(await ctx.db.select().from(emailMessages).where(eq(emailMessages.id, messageId)).limit(1));
  if (message?.status === 'pending') await deliver(ctx, message);
}

/**
 * How long a claimed message is kept from other workers beyond its retry delay: longer than an
 * SMTP exchange lasts (smtp-transport.ts's timeouts), so a slow server is never sent the same
 * message by a second instance while the first is still talking to it.
 */
const claimHeldMillis = 60_000;

async function deliver(ctx: Context, message: EmailMessageRow): Promise<void> {
  const attempt = message.attempts + 1;
  const startedAt = ctx.clock.now();
  const retryAt = startedAt + retryDelayMillis(attempt);
  // Claim it first, so a crash mid-send retries later rather than never. Claimed only if no one
  // else has since (the worker and a waiting request may both have read it), so it goes out once.
  const claimed = await writeTransaction(ctx, (tx) => claimNextAttempt(tx, emailMessages, message, retryAt + claimHeldMillis));
  if (!claimed) return;
  try {
    const transport = await resolveEmailTransport(ctx, ctx.db, message.projectId);
    if (transport.kind !== 'smtp') throw new Error('no SMTP server is configured for this project any more');
    // Opened only here: a message that cannot be opened (the instance key was replaced) fails like
    // any other delivery error, with backoff and a visible last error.
    const opened = openEmailMessage(ctx, message);
    await sendOverSmtp(transport.options, {
      from: transport.from,
      to: message.recipient,
      subject: opened.subject,
      html: opened.html,
      text: opened.text,
    });
    await writeTransaction(
      ctx,
      async (tx) =>
        await tx
          .update(emailMessages)
          // The delivery record stays; the body, with its code, is the recipient's alone now.
          .set({ status: 'sent', sentAt: ctx.clock.now(), lastError: null, html: '', text: '' })
          .where(eq(emailMessages.id, message.id)),
    );
    ctx.metrics?.countDeliveryAttempt('email', 'delivered');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const failed = attempt >= maxDeliveryAttempts;
    await writeTransaction(
      ctx,
      async (tx) =>
        await tx
          .update(emailMessages)
          .set({
            lastError: reason,
            status: failed ? 'failed' : 'pending',
            nextAttemptAt: retryAt,
            ...(failed ? { html: '', text: '' } : {}),
          })
          .where(eq(emailMessages.id, message.id)),
    );
    ctx.metrics?.countDeliveryAttempt('email', failed ? 'gave_up' : 'failed');
    ctx.log.warn(`email to ${message.recipient} not delivered (attempt ${attempt}${failed ? ', giving up' : ''}): ${reason}`);
  }
}
