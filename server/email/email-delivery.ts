// The delivery worker of `authd serve`: sends queued messages over SMTP, retrying with
// exponential backoff for most of a day and leaving a visible failed state with the last
// error. A slow SMTP server never holds up a request: requests only queue.
import { and, asc, eq, lte } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { emailMessages } from '../../db/schema';
import { startBackgroundWorker, type BackgroundWorker } from '../core/background-worker';
import type { Context } from '../core/context';
import { resolveEmailTransport, type EmailMessageRow } from './email-queue';

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
      const due = ctx.db
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.status, 'pending'), lte(emailMessages.nextAttemptAt, ctx.clock.now())))
        .orderBy(asc(emailMessages.nextAttemptAt))
        .limit(batchSize)
        .all();
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

async function deliver(ctx: Context, message: EmailMessageRow): Promise<void> {
  const attempt = message.attempts + 1;
  // Claim it first, so a crash mid-send retries later rather than never.
  ctx.db
    .update(emailMessages)
    .set({ attempts: attempt, nextAttemptAt: ctx.clock.now() + retryDelayMillis(attempt) })
    .where(eq(emailMessages.id, message.id))
    .run();
  try {
    const transport = resolveEmailTransport(ctx, ctx.db, message.projectId);
    if (transport.kind !== 'smtp') throw new Error('no SMTP server is configured for this project any more');
    const mailer = nodemailer.createTransport({
      ...transport.options,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    await mailer.sendMail({
      from: transport.from,
      to: message.recipient,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    ctx.db
      .update(emailMessages)
      .set({ status: 'sent', sentAt: ctx.clock.now(), lastError: null })
      .where(eq(emailMessages.id, message.id))
      .run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const failed = attempt >= maxDeliveryAttempts;
    ctx.db
      .update(emailMessages)
      .set({ lastError: reason, status: failed ? 'failed' : 'pending' })
      .where(eq(emailMessages.id, message.id))
      .run();
    ctx.log.warn(`email to ${message.recipient} not delivered (attempt ${attempt}${failed ? ', giving up' : ''}): ${reason}`);
  }
}
