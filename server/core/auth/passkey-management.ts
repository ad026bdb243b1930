// A user's passkeys, beyond what Stack offers: several per user, each named, listed, renamed
// and removed one at a time (the API for the account settings screen, and the CLI).
import { and, asc, eq } from 'drizzle-orm';
import { passkeys } from '../storage/tables';
import type { PasskeyView } from '../../protocol/passkey-schemas';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { requireUserRow } from '../storage/user-queries';
import { writeTransaction } from '../storage/transactions';
import { recordAuditEvent } from '../audit/audit-log';

type PasskeyRow = typeof passkeys.$inferSelect;

function view(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    created_at_millis: row.createdAt,
    last_used_at_millis: row.lastUsedAt,
  };
}

/** Oldest first, so "Passkey 1" comes before "Passkey 2". */
export async function listPasskeys(ctx: Context, projectId: string, userId: string): Promise<PasskeyView[]> {
  await requireUserRow(ctx.db, projectId, userId);
  return (
    await ctx.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.projectId, projectId), eq(passkeys.userId, userId)))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
  ).map(view);
}

const ofUser = (projectId: string, userId: string, passkeyId: string) =>
  and(eq(passkeys.projectId, projectId), eq(passkeys.userId, userId), eq(passkeys.id, passkeyId));

export async function renamePasskey(ctx: Context, projectId: string, userId: string, passkeyId: string, name: string): Promise<PasskeyView> {
  return await writeTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(passkeys)
      .set({ name })
      .where(ofUser(projectId, userId, passkeyId))
      .returning();
    if (!row) throw plainTextError('PASSKEY_NOT_FOUND');
    return view(row);
  });
}

export async function removePasskey(ctx: Context, projectId: string, userId: string, passkeyId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    const removed = await tx
      .delete(passkeys)
      .where(ofUser(projectId, userId, passkeyId))
      .returning({ name: passkeys.name });
    if (removed.length === 0) throw plainTextError('PASSKEY_NOT_FOUND');
    await recordAuditEvent(ctx, { projectId, type: 'passkey.removed', userId, details: { name: removed[0]!.name } });
  });
}
