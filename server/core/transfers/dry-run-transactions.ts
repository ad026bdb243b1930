// The imports' write transactions, which a dry run rolls back after doing all the same work:
// the report of a dry run is the report of the real run, and nothing stays written.
import { writeTransaction, type DbWriter } from '../storage/transactions';
import type { Context } from '../storage/context';

// Thrown at the end of a dry run's transaction, so it rolls back.
class DryRunRollback extends Error {}

/** `work` in one write transaction, committed, or rolled back when `dryRun`; its result either way. */
export async function transactionOrDryRun<T>(ctx: Context, dryRun: boolean, work: (tx: DbWriter) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await writeTransaction(ctx, async (tx) => {
      result = await work(tx);
      if (dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return result as T;
}
