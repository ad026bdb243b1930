// The one place a user's password is replaced. Every path that changes it (a server or CLI user
// update, `authd users set-password`, `authd admins add --password-stdin`, the signed-in user's
// /auth/password/update and /auth/password/set, a reset by emailed code) ends up here, so each
// ends the same sessions and announces the change the same way.
import { eq } from 'drizzle-orm';
import { users } from '../storage/tables';
import { endOtherSessions } from '../credentials/session-revocations';
import type { Context } from '../storage/context';
import type { DbWriter } from '../storage/transactions';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { readUserServerView } from './user-views';
import { recordAuditEvent } from '../audit/audit-log';

/**
 * Stores `passwordHash` (null removes the password) for the user, inside the caller's write
 * transaction `tx`, after any other change of the same request so the announced view is final.
 *
 * Sessions: a new password must lock out whoever knew the old one, so every session of the user
 * ends, except the one in `keepRefreshToken`: a signed-in user changing their own password (with
 * the old one, or setting a first one) stays signed in where they did it. `user.updated` fires
 * on every path: a webhook consumer mirroring `has_password` must not depend on which screen was
 * used.
 */
export async function replaceUserPassword(
  ctx: Context,
  tx: DbWriter,
  projectId: string,
  userId: string,
  passwordHash: string | null,
  options: { keepRefreshToken?: string } = {},
): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await endOtherSessions(ctx, tx, projectId, userId, options.keepRefreshToken);
  await recordAuditEvent(ctx, { projectId, type: passwordHash === null ? 'password.removed' : 'password.changed', userId });
  await enqueueWebhookEvent(ctx, tx, projectId, 'user.updated', async () => await readUserServerView(ctx, projectId, userId));
}
