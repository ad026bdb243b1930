// The delivery worker of `authd serve`: sends queued messages over SMTP, retrying with
// exponential backoff for most of a day and leaving a visible failed state with the last
// error. A slow SMTP server never holds up a request: requests only queue.
import { and, asc, eq, lte } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { emailMessages } from '../../db/schema';
import type { Context } from '../core/context';
import { resolveEmailTransport, type EmailMessageRow } from './email-queue';

export const maxDeliveryAttempts = 12;
const firstRetryDelayMillis = 30_000;
const pollIntervalMillis = 2_000;

/** 30 s, 1 min, 2 min … doubling: the twelve attempts span about seventeen hours. */
export function retryDelayMillis(attempt: number): number {
  return firstRetryDelayMillis * 2 ** (attempt - 1);
}

export interface EmailDelivery {
  wake(): void;
  /** Resolves once the batch in progress (if any) has finished. */
  stop(): Promise<void>;
}

export function startEmailDelivery(ctx: Context): EmailDelivery {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const runOnce = async () => {
    do {
      again = false;
      const due = ctx.db
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.status, 'pending'), lte(emailMessages.nextAttemptAt, ctx.clock.now())))
        .orderBy(asc(emailMessages.nextAttemptAt))
        .limit(20)
        .all();
      for (const message of due) {
        if (stopped) return;
        await deliver(ctx, message);
      }
      if (due.length === 20) again = true;
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error) => ctx.log.error(`email delivery: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = null));
  };

  const timer = setInterval(wake, pollIntervalMillis);
  ctx.wakeEmailDelivery = wake;
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      ctx.wakeEmailDelivery = undefined;
      await running;
    },
  };
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
