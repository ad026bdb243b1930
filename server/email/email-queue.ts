// The durable email queue. Messages are rows written in the caller's transaction, so an email
// exists exactly when the change that caused it commits; the server's delivery worker sends
// them. Which transport a project uses is decided here, before anything is queued, so a
// project that cannot send learns it from the request that tried.
import { desc, eq } from 'drizzle-orm';
import { emailMessages, projectEmailConfigs } from '../../db/schema';
import type { Context } from '../core/context';
import type { DbWriter } from '../core/transactions';
import { StatusError } from '../protocol/status-error';

export interface OutgoingEmail {
  projectId: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
}

export type EmailTransport =
  | {
      kind: 'smtp';
      options: { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
      from: string;
    }
  | { kind: 'outbox' };

export function resolveEmailTransport(ctx: Context, db: DbWriter, projectId: string): EmailTransport {
  const config = db.select().from(projectEmailConfigs).where(eq(projectEmailConfigs.projectId, projectId)).get();
  if (config?.type === 'standard' && config.host && config.port !== null && config.senderEmail) {
    return {
      kind: 'smtp',
      options: {
        host: config.host,
        port: config.port,
        secure: config.port === 465,
        auth: config.username ? { user: config.username, pass: config.password ?? '' } : undefined,
      },
      from: `"${(config.senderName ?? '').replace(/"/g, '')}" <${config.senderEmail}>`,
    };
  }
  if (ctx.settings.smtpUrl) {
    const url = new URL(ctx.settings.smtpUrl);
    const secure = url.protocol === 'smtps:';
    return {
      kind: 'smtp',
      options: {
        host: url.hostname,
        port: Number(url.port || (secure ? 465 : 587)),
        secure,
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      },
      from: ctx.settings.smtpFrom ?? `authd <noreply@${url.hostname}>`,
    };
  }
  if (ctx.mode === 'development') return { kind: 'outbox' };
  throw new StatusError(
    503,
    'This project sends email through the shared SMTP server, but this authd instance has none. Start authd with --smtp (or AUTHD_SMTP_URL), or give the project its own email server.',
  );
}

/** Queues a message in the caller's transaction; development mail without SMTP is only kept. */
export function queueEmail(ctx: Context, db: DbWriter, email: OutgoingEmail): void {
  const transport = resolveEmailTransport(ctx, db, email.projectId);
  const now = ctx.clock.now();
  db.insert(emailMessages)
    .values({
      id: crypto.randomUUID(),
      ...email,
      status: transport.kind === 'outbox' ? 'outbox' : 'pending',
      nextAttemptAt: now,
      createdAt: now,
    })
    .run();
  if (transport.kind === 'outbox') {
    const links = email.text.match(/https?:\/\/\S+/g) ?? [];
    ctx.log.info(
      `email to ${email.recipient} kept in the outbox (no SMTP): "${email.subject}"${links.length ? ` ${links.join(' ')}` : ''}`,
    );
  } else {
    // Deferred: the worker must see the row, which exists once the caller's transaction commits.
    setTimeout(() => ctx.wakeEmailDelivery?.(), 0);
  }
}

export type EmailMessageRow = typeof emailMessages.$inferSelect;

export function listEmailMessages(ctx: Context, options: { recipient?: string; limit?: number } = {}): EmailMessageRow[] {
  return ctx.db
    .select()
    .from(emailMessages)
    .where(options.recipient ? eq(emailMessages.recipient, options.recipient) : undefined)
    .orderBy(desc(emailMessages.createdAt))
    .limit(options.limit ?? 50)
    .all();
}
