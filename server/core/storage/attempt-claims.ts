// Queued rows that workers attempt to deliver (emails, webhook deliveries). Before an attempt its
// row is claimed: the attempt is counted and the row held back from other workers while it runs,
// so a crash mid-attempt retries later rather than never, and only if no one else has claimed it
// since (a worker in this or another instance, or a waiting request, may have read it too), so
// each attempt is made once.
import { and, eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Tx } from './transactions';

type AttemptedTable = SQLiteTable & { id: SQLiteColumn; attempts: SQLiteColumn; status: SQLiteColumn; nextAttemptAt: SQLiteColumn };

/**
 * Counts the next attempt at the pending row (as read, with `attempts` made so far) and makes it
 * due again only at `heldUntil`; false when the row has changed since it was read.
 */
export async function claimNextAttempt(
  tx: Tx,
  table: AttemptedTable,
  row: { id: string; attempts: number },
  heldUntil: number,
): Promise<boolean> {
  const claimed = await tx
    .update(table)
    .set({ attempts: row.attempts + 1, nextAttemptAt: heldUntil })
    .where(and(eq(table.id, row.id), eq(table.attempts, row.attempts), eq(table.status, 'pending')))
    .returning({ id: table.id });
  return claimed.length === 1;
}
