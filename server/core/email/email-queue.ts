// The durable email queue. Messages are rows written in the caller's transaction, so an email
// exists exactly when the change that caused it commits; the server's delivery worker sends
// them. Which transport a project uses is decided here, before anything is queued, so a
// project that cannot send learns it from the request that tried.
import { and, desc, eq } from 'drizzle-orm';
import { emailMessages, projectEmailConfigs, projects } from '../storage/tables';
import type { Context, InstanceSettings } from '../storage/context';
import { afterCommit, writeTransaction } from '../storage/transactions';
import { sealSecret } from '../storage/secret-box';
import { openOptionalSecret } from '../storage/read-back-secrets';
import type { DbWriter } from '../storage/transactions';
import { plainTextError } from '../../protocol/plain-text-errors';
import { claimFirstAttemptForRequest, firstAttemptBoundMillis } from './first-attempt-in-request';
import { firstRow } from '../storage/query-results';

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

export async function resolveEmailTransport(ctx: Context, db: DbWriter, projectId: string): Promise<EmailTransport> {
  const config = firstRow(
    await db.select().from(projectEmailConfigs).where(eq(projectEmailConfigs.projectId, projectId)).limit(1),
  );
  if (config?.type === 'standard' && config.host && config.port !== null && config.senderEmail) {
    return {
      kind: 'smtp',
      options: {
        host: config.host,
        port: config.port,
        secure: config.port === 465,
        auth: config.username ? { user: config.username, pass: openOptionalSecret(ctx, config.password) ?? '' } : undefined,
      },
      from: `"${(config.senderName ?? '').replace(/"/g, '')}" <${config.senderEmail}>`,
    };
  }
  if (ctx.settings.smtpUrl) {
    return {
      kind: 'smtp',
      options: instanceSmtpServer(ctx.settings.smtpUrl),
      // In the project's name, as Stack sends it, so end users see the app they signed up to.
      from: `"${await projectSenderName(db, projectId)}" <${instanceSenderAddress(ctx.settings)}>`,
    };
  }
  if (ctx.mode === 'development') return { kind: 'outbox' };
  throw plainTextError('SHARED_SMTP_MISSING');
}

/** The instance SMTP server an `--smtp` URL names: smtps:// is TLS from the start (465), smtp:// upgrades (587). */
export function instanceSmtpServer(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
  };
}

/** The address instance mail is sent from: --mail-from, else noreply at the SMTP server's host. */
export function instanceSenderAddress(settings: Pick<InstanceSettings, 'smtpUrl' | 'mailFrom'>): string {
  return settings.mailFrom ?? `noreply@${new URL(settings.smtpUrl!).hostname}`;
}

/** The project's display name as a sender name (quotes and line breaks removed, so it stays one header). */
async function projectSenderName(db: DbWriter, projectId: string): Promise<string> {
  const project = firstRow(
    await db.select({ displayName: projects.displayName }).from(projects).where(eq(projects.id, projectId)).limit(1),
  );
  return (project?.displayName ?? 'authd').replace(/["\\\r\n]/g, '').trim() || 'authd';
}

/** Queues a message in the caller's transaction; development mail without SMTP is only kept. */
export async function queueEmail(ctx: Context, db: DbWriter, email: OutgoingEmail): Promise<void> {
  // Joins the caller's transaction; a caller outside one (passing ctx.db) gets its own.
  return writeTransaction(ctx, async () => {
    const transport = await resolveEmailTransport(ctx, db, email.projectId);
    const now = ctx.clock.now();
    const id = crypto.randomUUID();
    const attemptedByRequest = transport.kind !== 'outbox' && claimFirstAttemptForRequest(id);
    await db.insert(emailMessages).values({
      id,
      projectId: email.projectId,
      recipient: email.recipient,
      // Sealed: until it is delivered the message carries a live code (in the subject too, for magic links).
      subject: sealSecret(ctx, email.subject),
      html: sealSecret(ctx, email.html),
      text: sealSecret(ctx, email.text),
      status: transport.kind === 'outbox' ? 'outbox' : 'pending',
      // The request makes the first attempt: the worker, polling meanwhile, must not take the
      // message first (the request's mail would then not be out when it answers), but takes it
      // once the request's bound has passed, should the request never get to it.
      nextAttemptAt: attemptedByRequest ? now + firstAttemptBoundMillis : now,
      createdAt: now,
    });
    if (transport.kind === 'outbox') {
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      ctx.log.info(
        `email to ${email.recipient} kept in the outbox (no SMTP): "${email.subject}"${links.length ? ` ${links.join(' ')}` : ''}`,
      );
    } else if (!attemptedByRequest) {
      // The worker must see the row, which exists once the caller's transaction commits.
      afterCommit(ctx, () => setTimeout(() => ctx.wakeEmailDelivery?.(), 0));
    }
  });
}

export type EmailMessageRow = typeof emailMessages.$inferSelect;

/** A message as stored, its subject and body opened; the body is empty once delivered or given up. */
export function openEmailMessage(ctx: Context, row: EmailMessageRow): EmailMessageRow {
  return {
    ...row,
    subject: openOptionalSecret(ctx, row.subject)!,
    html: openOptionalSecret(ctx, row.html)!,
    text: openOptionalSecret(ctx, row.text)!,
  };
}

export async function listEmailMessages(
  ctx: Context,
  options: { recipient?: string; limit?: number; projectId?: string; status?: EmailMessageRow['status'] } = {},
): Promise<EmailMessageRow[]> {
  return (
    await ctx.db
      .select()
      .from(emailMessages)
      .where(
        and(
          options.recipient ? eq(emailMessages.recipient, options.recipient) : undefined,
          options.projectId ? eq(emailMessages.projectId, options.projectId) : undefined,
          options.status ? eq(emailMessages.status, options.status) : undefined,
        ),
      )
      .orderBy(desc(emailMessages.createdAt))
      .limit(options.limit ?? 50)
  ).map((row) => {
    try {
      return openEmailMessage(ctx, row);
    } catch {
      // Sealed with another instance key (a database copied without its key file): list it anyway.
      const unreadable = '(sealed with another instance key)';
      return { ...row, subject: unreadable, html: '', text: '' };
    }
  });
}
