// Pruning of rows that only grow (audit events past their retention, expired verification
// codes): deleted a batch per write transaction, so that a large backlog never holds the write
// lock for long, and run by `serve` at start and then on a timer.
import type { Context } from './context';
import { startBackgroundWorker, type BackgroundWorker } from './background-worker';
import { writeTransaction, type Tx } from './transactions';

/**
 * Runs `deleteBatch` (which deletes at most `batchSize` rows and answers how many it deleted),
 * each time in its own write transaction, until a batch comes back short. Returns how many went.
 */
export async function deleteInBatches(ctx: Context, batchSize: number, deleteBatch: (tx: Tx) => Promise<number>): Promise<number> {
  let pruned = 0;
  for (;;) {
    const deleted = await writeTransaction(ctx, deleteBatch);
    pruned += deleted;
    if (deleted < batchSize) return pruned;
  }
}

/** A worker that runs `prune` at start and then every `intervalMillis`. */
export function startPeriodicPruning(
  ctx: Context,
  name: string,
  intervalMillis: number,
  prune: (ctx: Context) => Promise<unknown>,
): BackgroundWorker {
  return startBackgroundWorker({
    name,
    pollIntervalMillis: intervalMillis,
    log: ctx.log,
    async runBatch() {
      await prune(ctx);
      return false;
    },
  });
}
