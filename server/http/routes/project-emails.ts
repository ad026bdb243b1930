// /emails (admin): a test email sent at once with the project's email settings, and the
// development outbox, where a project without an SMTP server keeps what it would have sent.
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import { sendTestEmail } from '../../core/email/test-email';
import { listEmailMessages } from '../../core/email/email-queue';
import { noQueryParameters, wireObject } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

const testEmailSchema = wireObject({ recipient_email: v.pipe(v.string(), v.maxLength(320)) });

/** The outbox shows the newest messages only; older ones are still in `authd mail`. */
export const outboxPageSize = 50;

export function projectEmailRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/emails/test',
      async ({ auth, body, origin }) => {
        const outcome = await sendTestEmail(ctx, requireAccess(auth, 'admin').projectId, body.recipient_email, origin);
        return { success: true, ...outcome };
      },
      { body: testEmailSchema, query: noQueryParameters },
    )
    .get(
      '/emails/outbox',
      async ({ auth }) => {
        const messages = await listEmailMessages(ctx, {
          projectId: requireAccess(auth, 'admin').projectId,
          status: 'outbox',
          limit: outboxPageSize,
        });
        return {
          items: messages.map((message) => ({
            id: message.id,
            recipient: message.recipient,
            subject: message.subject,
            html: message.html,
            text: message.text,
            created_at_millis: message.createdAt,
          })),
          is_paginated: false,
        };
      },
      { query: noQueryParameters },
    );
}
