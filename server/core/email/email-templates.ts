// A project's email templates: its own edited subject and content where it
// has them, authd's defaults otherwise; and the rendering of a template into a queued email.
import { and, eq } from 'drizzle-orm';
import { emailTemplates, projects } from '../storage/tables';
import {
  defaultEmailTemplates,
  emailTemplateTypes,
  accountUnlockTemplate,
  linkOnlyMagicLinkTemplate,
  signInInvitationTemplate,
  defaultEmailTemplatesIn,
  type EmailTemplateType,
} from '../../../templates/default-email-templates';
import { recipientLocale } from './recipient-locale';
import { textDirectionOf, type Locale } from '../../protocol/locales';
import { queueEmail } from './email-queue';
import { renderEmailDocument, renderSubject, type EmailVariables } from './render-email';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';
import { requireProjectRow } from '../projects/projects';
import type { DbWriter } from '../storage/transactions';
import { firstRow } from '../storage/query-results';

export interface EmailTemplateView {
  type: EmailTemplateType;
  subject: string;
  content: unknown;
  is_default: boolean;
}

export async function readEmailTemplate(db: DbWriter, projectId: string, type: EmailTemplateType): Promise<EmailTemplateView> {
  const row = firstRow(
    await db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.projectId, projectId), eq(emailTemplates.type, type)))
      .limit(1),
  );
  if (row) return { type, subject: row.subject, content: row.content, is_default: false };
  return { type, ...defaultEmailTemplates[type], is_default: true };
}

export async function listEmailTemplates(ctx: Context, projectId: string): Promise<EmailTemplateView[]> {
  await requireProjectRow(ctx.db, projectId);
  const views: EmailTemplateView[] = [];
  for (const type of emailTemplateTypes) views.push(await readEmailTemplate(ctx.db, projectId, type));
  return views;
}

function isEmailDocument(content: unknown): boolean {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return false;
  const root = (content as Record<string, { type?: unknown; data?: { childrenIds?: unknown } }>).root;
  return root?.type === 'EmailLayout' && Array.isArray(root.data?.childrenIds);
}

export async function updateEmailTemplate(
  ctx: Context,
  projectId: string,
  type: EmailTemplateType,
  update: { subject?: string; content?: unknown },
): Promise<EmailTemplateView> {
  // Joins the caller's transaction; a caller outside one (passing ctx.db) gets its own.
  return writeTransaction(ctx, async () => {
    if (update.content !== undefined && !isEmailDocument(update.content)) throw plainTextError('INVALID_EMAIL_TEMPLATE_CONTENT');
    const current = await readEmailTemplate(ctx.db, projectId, type);
    const subject = update.subject ?? current.subject;
    const content = update.content ?? current.content;
    await ctx.db
      .insert(emailTemplates)
      .values({ projectId, type, subject, content, updatedAt: ctx.clock.now() })
      .onConflictDoUpdate({
        target: [emailTemplates.projectId, emailTemplates.type],
        set: { subject, content, updatedAt: ctx.clock.now() },
      });
    return await readEmailTemplate(ctx.db, projectId, type);
  });
}

/** Back to the default; only an edited template can be reset. */
export async function resetEmailTemplate(ctx: Context, projectId: string, type: EmailTemplateType): Promise<void> {
  // Joins the caller's transaction; a caller outside one (passing ctx.db) gets its own.
  return writeTransaction(ctx, async () => {
    const deleted = await ctx.db
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.projectId, projectId), eq(emailTemplates.type, type)))
      .returning({ type: emailTemplates.type });
    if (deleted.length === 0) throw plainTextError('EMAIL_TEMPLATE_NOT_FOUND');
  });
}

/** Renders the project's template of `type` and queues it in the caller's transaction. */
export async function queueTemplatedEmail(
  ctx: Context,
  db: DbWriter,
  projectId: string,
  type: EmailTemplateType | 'sign_in_invitation' | 'account_unlock' | 'link_only_magic_link',
  recipient: string,
  variables: EmailVariables,
): Promise<void> {
  const project = firstRow(
    await db.select({ displayName: projects.displayName }).from(projects).where(eq(projects.id, projectId)).limit(1),
  );
  const allVariables = { projectDisplayName: project?.displayName ?? '', ...variables };
  const locale = await recipientLocale(db, projectId, recipient);
  let template: { subject: string; content: unknown } =
    type === 'sign_in_invitation'
      ? signInInvitationTemplate
      : type === 'account_unlock'
        ? accountUnlockTemplate
        : type === 'link_only_magic_link'
          ? linkOnlyMagicLinkTemplate
          : await readEmailTemplate(db, projectId, type);
  // A project's own edited template is sent as written; an unedited one in the recipient's language.
  let language: Locale = 'en';
  if ((emailTemplateTypes as readonly string[]).includes(type) && (template as EmailTemplateView).is_default) {
    template = defaultEmailTemplatesIn(locale)[type as EmailTemplateType];
    language = locale;
  }
  const { html, text } = renderEmailDocument(template.content, allVariables, { lang: language, dir: textDirectionOf(language) });
  await queueEmail(ctx, db, { projectId, recipient, subject: renderSubject(template.subject, allVariables), html, text });
}

/** Sample values for a preview, so every variable of every template shows something readable. */
const previewVariables: EmailVariables = {
  userDisplayName: 'Ada Lovelace',
  name: 'Ada Lovelace',
  teamDisplayName: 'Analytical Engines',
  otp: 'A1B2C3',
  emailVerificationLink: 'https://example.com/handler/email-verification?code=…',
  passwordResetLink: 'https://example.com/handler/password-reset?code=…',
  magicLink: 'https://example.com/handler/magic-link-callback?code=…',
  teamInvitationLink: 'https://example.com/handler/team-invitation?code=…',
  unlockLink: 'https://example.com/api/v1/auth/unlock?code=…',
};

/**
 * The project's template of `type` rendered with sample values, as its recipients would read it:
 * an edited template as written, an unedited one in `locale` (a recipient's language), as sent.
 */
export async function previewEmailTemplate(
  ctx: Context,
  projectId: string,
  type: EmailTemplateType,
  locale: Locale = 'en',
): Promise<{ subject: string; html: string; text: string }> {
  const project = firstRow(
    await ctx.db.select({ displayName: projects.displayName }).from(projects).where(eq(projects.id, projectId)).limit(1),
  );
  if (!project) await requireProjectRow(ctx.db, projectId);
  const variables = { projectDisplayName: project?.displayName ?? '', ...previewVariables };
  const stored = await readEmailTemplate(ctx.db, projectId, type);
  const language: Locale = stored.is_default ? locale : 'en';
  const template = stored.is_default ? defaultEmailTemplatesIn(locale)[type] : stored;
  const rendered = renderEmailDocument(template.content, variables, { lang: language, dir: textDirectionOf(language) });
  return { subject: renderSubject(template.subject, variables), ...rendered };
}
