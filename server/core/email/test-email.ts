// A test email sent at once with the project's current email settings, so an admin who has just
// typed an SMTP server learns whether it works from the answer itself, not from a queued message
// that fails later. Development projects without any SMTP server keep it in the dev outbox.
import * as v from 'valibot';
import { plainTextError } from '../../protocol/plain-text-errors';
import { emailSchema } from '../../protocol/user-schemas';
import { sendOverNewSmtpConnection } from '../../providers/smtp-transport';
import type { Context } from '../storage/context';
import { requireProjectRow } from '../projects/projects';
import { resolveEmailTransport, queueEmail } from './email-queue';
import { knownError } from '../../protocol/known-errors';
import { escapeHtml } from '../../protocol/html-escape';
import { consumeRateLimit, type RequestOrigin } from '../credentials/rate-limits';

export type TestEmailOutcome = { sent: 'smtp'; server: string } | { sent: 'outbox' };

const testSubject = 'authd test email';

/**
 * `origin` is the API caller's: a call over HTTP counts against the email rate limits, as every
 * email sent on request does; the CLI, run by the operator on the machine, is not limited.
 */
export async function sendTestEmail(ctx: Context, projectId: string, recipient: string, origin?: RequestOrigin): Promise<TestEmailOutcome> {
  const project = await requireProjectRow(ctx.db, projectId);
  const address = v.safeParse(emailSchema, recipient);
  if (!address.success) throw knownError('SCHEMA_ERROR', `The test email's recipient is not an email address: ${recipient}`);
  if (origin) {
    await consumeRateLimit(ctx, 'emailSendPerIp', projectId, origin.ip);
    await consumeRateLimit(ctx, 'emailSendPerAddress', projectId, address.output);
  }
  const text = `This is a test email from authd for the project "${project.displayName}". Its email settings work.`;
  const message = { subject: testSubject, text, html: `<p>${escapeHtml(text)}</p>` };
  const transport = await resolveEmailTransport(ctx, ctx.db, projectId);
  if (transport.kind === 'outbox') {
    await queueEmail(ctx, ctx.db, { projectId, recipient: address.output, ...message });
    return { sent: 'outbox' };
  }
  const server = `${transport.options.host}:${transport.options.port}`;
  try {
    await sendOverNewSmtpConnection(transport.options, { from: transport.from, to: address.output, ...message });
  } catch (failure) {
    throw plainTextError('TEST_EMAIL_NOT_SENT', server, failure instanceof Error ? failure.message : String(failure));
  }
  return { sent: 'smtp', server };
}
