// The loop behind authd's background deliveries (email, webhooks): work through due rows in
// batches when woken (right after a commit) and on a timer (rows written by the CLI or left by
// an earlier run), one batch run at a time, and a stop that waits for the batch in progress.
// Batches run outside any write transaction's scope: a wake often comes from inside one (a
// request queuing a message), and the batch must neither read its uncommitted rows nor join it.
import { outsideTransaction } from './transactions';

export interface BackgroundWorker {
  /** Runs a batch now, or another one right after the batch in progress. */
  wake(): void;
  /** Resolves once the batch in progress (if any) has finished. */
  stop(): Promise<void>;
}

export interface BackgroundWorkerOptions {
  /** For log lines: "email delivery", "webhook delivery". */
  name: string;
  pollIntervalMillis: number;
  log: { error(message: string): void };
  /** Handles due rows; answers true when it stopped at its batch size, so more may be due. */
  runBatch(isStopped: () => boolean): Promise<boolean>;
  /** Called first on stop, e.g. to abort attempts in flight. */
  onStop?(): void;
}

export function startBackgroundWorker(options: BackgroundWorkerOptions): BackgroundWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const isStopped = () => stopped;

  const runBatches = async () => {
    do {
      again = false;
      if (await options.runBatch(isStopped)) again = true;
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = outsideTransaction(runBatches)
      .catch((error) => options.log.error(`${options.name}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = null));
  };

  const timer = setInterval(wake, options.pollIntervalMillis);
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      options.onStop?.();
      await running;
    },
  };
}
