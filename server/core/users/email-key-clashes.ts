// Sign-in addresses that migration 0020 found differing only in letter case between accounts of
// one project. They are never merged: both accounts keep signing in with the address as typed,
// and `serve` reports them at every start until an admin changes or removes one of them.
import { and, eq, sql } from 'drizzle-orm';
import { contactChannels } from '../storage/tables';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';

export interface EmailKeyClash {
  projectId: string;
  /** The address as compared (lower-cased). */
  key: string;
  /** Each account's address as typed, oldest first. */
  accounts: { userId: string; email: string }[];
}

/**
 * Clears the flag of each flagged address that no longer clashes (the other account's address
 * changed or is gone; the unique index then holds it like any other), and lists those that still do.
 */
export async function settleEmailKeyClashes(ctx: Context): Promise<EmailKeyClash[]> {
  const otherAuthChannelWithSameKey = (flagged: typeof contactChannels) =>
    sql`EXISTS (SELECT 1 FROM ${contactChannels} other WHERE other.project_id = ${flagged.projectId} AND other.type = ${flagged.type}
      AND other.value_key = ${flagged.valueKey} AND other.used_for_auth AND other.id <> ${flagged.id})`;
  const flagged = await writeTransaction(ctx, async (tx) => {
    await tx
      .update(contactChannels)
      .set({ keyClash: false })
      .where(
        and(
          eq(contactChannels.keyClash, true),
          sql`(NOT ${contactChannels.usedForAuth} OR NOT ${otherAuthChannelWithSameKey(contactChannels)})`,
        ),
      );
    return await tx
      .select({ projectId: contactChannels.projectId, key: contactChannels.valueKey })
      .from(contactChannels)
      .where(eq(contactChannels.keyClash, true));
  });
  const clashes = new Map<string, EmailKeyClash>();
  for (const { projectId, key } of flagged) {
    const id = JSON.stringify([projectId, key]);
    if (clashes.has(id)) continue;
    const accounts = await ctx.db
      .select({ userId: contactChannels.userId, email: contactChannels.value })
      .from(contactChannels)
      .where(
        and(
          eq(contactChannels.projectId, projectId),
          eq(contactChannels.type, 'email'),
          eq(contactChannels.valueKey, key),
          eq(contactChannels.usedForAuth, true),
        ),
      )
      .orderBy(contactChannels.createdAt, contactChannels.id);
    clashes.set(id, { projectId, key, accounts });
  }
  return [...clashes.values()];
}

/** The lines `serve` prints for the clashes, empty when there are none. */
export function describeEmailKeyClashes(clashes: EmailKeyClash[]): string[] {
  if (clashes.length === 0) return [];
  return [
    `${clashes.length} sign-in email address${clashes.length === 1 ? ' belongs' : 'es belong'} to more than one account, spelled in different letter case ` +
      '(found when authd began comparing addresses case-insensitively). Each account still signs in with its address as typed; ' +
      'change or remove the address of all but one account to settle it:',
    ...clashes.map(
      (clash) =>
        `  project ${clash.projectId}: ` +
        clash.accounts.map((account) => `${account.email} (user ${account.userId})`).join(', '),
    ),
  ];
}
