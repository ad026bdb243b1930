// Development instances deliver a request's mail before answering it: a developer's test suite
// reads the test mailbox right after each call, and a message still in the queue makes it find
// nothing (or the previous mail). Only the first attempt runs in the request, bounded in time;
// the durable queue keeps the message and the delivery worker makes every retry. Production
// never waits: there the time to answer must not depend on whether mail went out (which would
// tell whether an address has an account), and a slow SMTP server must not slow requests.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '../storage/context';

/** The longest a development request waits for its mail's first delivery attempts. */
export const firstAttemptBoundMillis = 5_000;

/** Ids of the messages queued (for SMTP) by the request being answered, when it waits for them. */
const queuedByRequest = new AsyncLocalStorage<string[]>();

/** True when the message will get its first attempt from the request that queued it. */
export function claimFirstAttemptForRequest(messageId: string): boolean {
  const queued = queuedByRequest.getStore();
  if (!queued) return false;
  queued.push(messageId);
  return true;
}

/**
 * Runs `answer`; in development, then makes the first delivery attempt of each message it
 * queued before returning, for at most `firstAttemptBoundMillis` (an attempt still running past
 * that finishes in the background and is recorded as usual).
 */
export async function answerAfterFirstDeliveries<T>(
  ctx: Context,
  deliverNow: (messageId: string) => Promise<void>,
  answer: () => Promise<T>,
): Promise<T> {
  if (ctx.mode !== 'development') return answer();
  const queued: string[] = [];
  const result = await queuedByRequest.run(queued, answer);
  if (queued.length === 0) return result;
  const attempts = Promise.all(queued.map((id) => deliverNow(id))).then(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, firstAttemptBoundMillis)));
  await Promise.race([attempts, bound]);
  clearTimeout(timer);
  // Whatever was not tried in time is the worker's, like any other queued message.
  ctx.wakeEmailDelivery?.();
  return result;
}
