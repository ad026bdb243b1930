// Sending a one-time code by email (password reset, magic link, email verification, team
// invitation): the checks every such send makes, in one place, so no path skips a limit.
import type { RequestOrigin } from '../credentials/rate-limits';
import { consumeRateLimit } from '../credentials/rate-limits';
import { resolveEmailTransport } from './email-queue';
import { requireTrustedUrl } from '../projects/trusted-urls';
import type { Context } from '../storage/context';
import { perDatabase } from '../storage/database-memory';
import { writeTransaction, type Tx } from '../storage/transactions';

export interface CodeEmailRequest {
  recipient: string;
  /** Where the emailed link leads; it must be trusted by the project. */
  callbackUrl: string;
  /**
   * The client address, for the per-IP limit. 'counted-by-sign-up' only for the verification
   * email a sign-up sends: the sign-up's own per-IP limit (as large as the email one) already
   * counts it, and counting it twice would let a busy office's sign-ups use up its password
   * resets.
   */
  origin: RequestOrigin | 'counted-by-sign-up';
  /** Refusals of the caller's own that must not spend the limits (e.g. an address already verified). */
  refuse?: () => void;
}

/**
 * Checks, in this order, the callback URL, the caller's own refusals, the per-IP and
 * per-address send limits, and that the project can send email at all; then runs `queue` (which
 * creates the code and queues the message) in one write transaction and returns its result.
 * The limits are spent before anything is looked up, so their answers are the same for an
 * address with an account and one without: neither reveals who exists.
 */
export async function sendCodeByEmail<T>(ctx: Context, projectId: string, request: CodeEmailRequest, queue: (tx: Tx) => Promise<T>): Promise<T> {
  await checkCodeEmailAllowed(ctx, projectId, request);
  return await writeTransaction(ctx, queue);
}

/**
 * As sendCodeByEmail, but `queue` runs later, after the caller has answered: for a send whose
 * answer must not depend on whether the address has an account (password reset). Looking the
 * address up, creating the code and rendering and sealing the message take time only when there
 * is an account, and a caller measuring the answer would see it. Run right after the answer,
 * the work would still hold up whichever request came next (measured: the request after a
 * known address was the slow one), so queued sends run together a little later, at a moment
 * unrelated to any one request. A failure is logged; the answer ("maybe") has already gone.
 */
export async function sendCodeByEmailAfterAnswer(ctx: Context, projectId: string, request: CodeEmailRequest, queue: (tx: Tx) => Promise<void>): Promise<void> {
  await checkCodeEmailAllowed(ctx, projectId, request);
  // A development instance sends before answering (its test suite reads the mailbox right
  // away); there the answer's timing is not a secret worth the wait.
  if (ctx.mode === 'development') return await runDeferredSend(ctx, queue);
  const pending = pendingSendsOf(ctx);
  pending.jobs.push(queue);
  // runDeferredSend logs each failure itself.
  pending.timer ??= setTimeout(() => void runPendingSends(ctx), deferredSendDelayMillis);
}

/** How long a deferred send waits: short next to email delivery, long next to a request. */
const deferredSendDelayMillis = 25;

const pendingSendsOf = perDatabase(() => ({
  jobs: [] as ((tx: Tx) => Promise<void>)[],
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
}));

/** Runs the deferred sends now: at shutdown, so none is lost, and in tests that need them done. */
export async function flushDeferredSends(ctx: Context): Promise<void> {
  await runPendingSends(ctx);
}

async function runPendingSends(ctx: Context): Promise<void> {
  const pending = pendingSendsOf(ctx);
  const jobs = pending.jobs.splice(0);
  clearTimeout(pending.timer);
  pending.timer = undefined;
  for (const job of jobs) await runDeferredSend(ctx, job);
}

/** A failure is logged: the answer ("maybe") does not depend on it. */
async function runDeferredSend(ctx: Context, job: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await writeTransaction(ctx, job);
  } catch (error) {
    ctx.log.error(`queueing a code email failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function checkCodeEmailAllowed(ctx: Context, projectId: string, request: CodeEmailRequest): Promise<void> {
  await requireTrustedUrl(ctx, projectId, request.callbackUrl);
  request.refuse?.();
  if (request.origin !== 'counted-by-sign-up') await consumeRateLimit(ctx, 'emailSendPerIp', projectId, request.origin.ip);
  await consumeRateLimit(ctx, 'emailSendPerAddress', projectId, request.recipient);
  // A project that cannot send email says so whoever asks, again before any lookup.
  await resolveEmailTransport(ctx, ctx.db, projectId);
}
