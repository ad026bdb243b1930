// A project's email templates (wire §4.14, §5.14): its own edited subject and content where it
// has them, authd's defaults otherwise; and the rendering of a template into a queued email.
import { and, eq } from 'drizzle-orm';
import { emailTemplates, projects } from '../../db/schema';
import {
  defaultEmailTemplates,
  emailTemplateTypes,
  signInInvitationTemplate,
  type EmailTemplateType,
} from '../../templates/default-email-templates';
import { queueEmail } from '../email/email-queue';
import { renderEmailDocument, renderSubject, type EmailVariables } from '../email/render-email';
import { StatusError } from '../protocol/status-error';
import type { Context } from './context';
import { requireProjectRow } from './projects';
import type { DbWriter } from './transactions';

export interface EmailTemplateView {
  type: EmailTemplateType;
  subject: string;
  content: unknown;
  is_default: boolean;
}

export function readEmailTemplate(db: DbWriter, projectId: string, type: EmailTemplateType): EmailTemplateView {
  const row = db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.projectId, projectId), eq(emailTemplates.type, type)))
    .get();
  if (row) return { type, subject: row.subject, content: row.content, is_default: false };
  return { type, ...defaultEmailTemplates[type], is_default: true };
}

export function listEmailTemplates(ctx: Context, projectId: string): EmailTemplateView[] {
  requireProjectRow(ctx.db, projectId);
  return emailTemplateTypes.map((type) => readEmailTemplate(ctx.db, projectId, type));
}

function isEmailDocument(content: unknown): boolean {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return false;
  const root = (content as Record<string, { type?: unknown; data?: { childrenIds?: unknown } }>).root;
  return root?.type === 'EmailLayout' && Array.isArray(root.data?.childrenIds);
}

export function updateEmailTemplate(
  ctx: Context,
  projectId: string,
  type: EmailTemplateType,
  update: { subject?: string; content?: unknown },
): EmailTemplateView {
  if (update.content !== undefined && !isEmailDocument(update.content))
    throw new StatusError(400, 'Invalid email template content');
  const current = readEmailTemplate(ctx.db, projectId, type);
  const subject = update.subject ?? current.subject;
  const content = update.content ?? current.content;
  ctx.db
    .insert(emailTemplates)
    .values({ projectId, type, subject, content, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: [emailTemplates.projectId, emailTemplates.type],
      set: { subject, content, updatedAt: ctx.clock.now() },
    })
    .run();
  return readEmailTemplate(ctx.db, projectId, type);
}

/** Back to the default; only an edited template can be reset. */
export function resetEmailTemplate(ctx: Context, projectId: string, type: EmailTemplateType): void {
  const deleted = ctx.db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.projectId, projectId), eq(emailTemplates.type, type)))
    .returning({ type: emailTemplates.type })
    .all();
  if (deleted.length === 0) throw new StatusError(404, 'Email template not found');
}

/** Renders the project's template of `type` and queues it in the caller's transaction. */
export function queueTemplatedEmail(
  ctx: Context,
  db: DbWriter,
  projectId: string,
  type: EmailTemplateType | 'sign_in_invitation',
  recipient: string,
  variables: EmailVariables,
): void {
  const project = db.select({ displayName: projects.displayName }).from(projects).where(eq(projects.id, projectId)).get();
  const allVariables = { projectDisplayName: project?.displayName ?? '', ...variables };
  const template = type === 'sign_in_invitation' ? signInInvitationTemplate : readEmailTemplate(db, projectId, type);
  const { html, text } = renderEmailDocument(template.content, allVariables);
  queueEmail(ctx, db, { projectId, recipient, subject: renderSubject(template.subject, allVariables), html, text });
}
