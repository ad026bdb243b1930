// Write transactions. They start IMMEDIATE: a deferred transaction that reads and then writes
// can fail at once with SQLITE_BUSY when another process (the CLI beside a running server)
// writes in between, whereas an immediate one waits for the lock under busy_timeout.
import type { Db } from '../../../db/connection';
import type { Context } from './context';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: functions taking it compose into larger writes. */
export type DbWriter = Db | Tx;

export function writeTransaction<T>(ctx: Context, work: (tx: Tx) => T): T {
  return ctx.db.transaction(work, { behavior: 'immediate' });
}
