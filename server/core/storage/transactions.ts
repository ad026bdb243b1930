// Write transactions, and which connection a query runs on. Core functions are async, so while
// one request's transaction waits on an await, other requests run. They must not touch the
// connection holding that transaction: they would read its uncommitted rows, or have their own
// writes rolled back with it. So each database has two connections (db/connection.ts):
//
// - the writer, used only inside writeTransaction, by one transaction at a time: a FIFO lock
//   per database queues the others. A transaction starts IMMEDIATE: a deferred one that reads
//   and then writes can fail at once with SQLITE_BUSY when another process (the CLI beside a
//   running server) writes in between, whereas an immediate one waits under busy_timeout.
// - the reader, read-only, serving every query made outside a transaction. WAL gives it the last
//   committed state, never the rows of a transaction still open.
//
// Which one `ctx.db` and `prepared()` mean is decided per call from an AsyncLocalStorage scope
// opened by writeTransaction: inside it (and in everything its body awaits) the transaction's
// handle, so a core function reading through ctx.db sees the transaction's own writes; outside,
// the reader. A writeTransaction inside another on the same database joins it rather than
// waiting for the lock its own caller holds.
import type { Database } from 'bun:sqlite';
import { AsyncLocalStorage } from 'node:async_hooks';
import { resolve } from 'node:path';
import type { Db, Storage } from '../../../db/connection';
import type { Context } from './context';

/** The handle a transaction body writes through: the writer connection, inside the transaction. */
export type Tx = Db;
/** Either the database or an open transaction: functions taking it compose into larger writes. */
export type DbWriter = Db;

/** One database's two connections and the lock that queues its write transactions. */
interface Connections {
  writer: Database;
  writerDb: Db;
  reader: Database;
  readerDb: Db;
  writeLock: FifoLock;
  /** Bumped after every transaction ends, for WriteInvalidatedCache. */
  finishedTransactions: number;
}

interface OpenTransaction {
  connections: Connections;
  /** False once committed or rolled back: work the body started and left running must not join it. */
  open: boolean;
  /** Run once the transaction has committed (afterCommit). */
  afterCommit: (() => void)[];
}

const transactionInScope = new AsyncLocalStorage<OpenTransaction>();
const connectionsByWriter = new WeakMap<Database, Connections>();
/**
 * One lock per database file, shared by every connection this process opens to it (tests run a
 * server and in-process CLI runs on one directory). Between processes SQLite's own lock and
 * busy_timeout queue writers; inside one process that would not do: BEGIN IMMEDIATE waits
 * synchronously, on the very thread the open transaction needs to finish.
 */
const writeLocksByFile = new Map<string, FifoLock>();

function writeLockOf(writer: Database): FifoLock {
  const file = resolve(writer.filename);
  let lock = writeLocksByFile.get(file);
  if (!lock) writeLocksByFile.set(file, (lock = new FifoLock()));
  return lock;
}

/** A lock granted in the order asked for; `acquire` resolves with the function that releases it. */
class FifoLock {
  private tail: Promise<void> = Promise.resolve();
  private held = false;
  private waiting = 0;

  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const releaseOnce = () => {
      this.held = false;
      release();
    };
    // Uncontended (the usual case): granted without waiting on the queue's promise chain.
    if (!this.held && this.waiting === 0) {
      this.held = true;
      this.tail = released;
      return Promise.resolve(releaseOnce);
    }
    const previous = this.tail;
    this.tail = previous.then(() => released);
    this.waiting++;
    return previous.then(() => {
      this.waiting--;
      this.held = true;
      return releaseOnce;
    });
  }
}

/**
 * The drizzle handle a Context carries as `db`: each use goes to the open transaction's writer
 * when called inside writeTransaction on this database, else to the reader. Registers the pair
 * so that writeTransaction finds them from `ctx.sqlite`.
 */
export function routedDatabase(storage: Pick<Storage, 'db' | 'sqlite' | 'readerDb' | 'reader'>): Db {
  const connections: Connections = connectionsByWriter.get(storage.sqlite) ?? {
    writer: storage.sqlite,
    writerDb: storage.db,
    reader: storage.reader,
    readerDb: storage.readerDb,
    writeLock: writeLockOf(storage.sqlite),
    finishedTransactions: 0,
  };
  connectionsByWriter.set(storage.sqlite, connections);
  // Methods are bound once per handle and property: a query touches several (select, from, …)
  // and binding afresh at each touch made garbage on every query.
  const boundMethods = new Map<Db, Map<PropertyKey, unknown>>([
    [connections.readerDb, new Map()],
    [connections.writerDb, new Map()],
  ]);
  return new Proxy(storage.readerDb, {
    get(_target, property) {
      const target = openTransactionOn(connections) ? connections.writerDb : connections.readerDb;
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound = boundMethods.get(target)!;
      let method = bound.get(property);
      if (method === undefined) bound.set(property, (method = value.bind(target)));
      return method;
    },
  });
}

function connectionsOf(ctx: Pick<Context, 'sqlite'>): Connections {
  const connections = connectionsByWriter.get(ctx.sqlite);
  if (!connections) throw new Error('this Context was not opened with routedDatabase: it has no reader and writer');
  return connections;
}

function openTransactionOn(connections: Connections): boolean {
  const scope = transactionInScope.getStore();
  return scope !== undefined && scope.open && scope.connections === connections;
}

/** True while the caller runs inside a writeTransaction on ctx's database. */
export function isInsideWriteTransaction(ctx: Pick<Context, 'sqlite'>): boolean {
  const connections = connectionsByWriter.get(ctx.sqlite);
  return connections !== undefined && openTransactionOn(connections);
}

/** The connection a raw query of the caller runs on: the writer inside a transaction, else the reader. */
export function currentConnection(ctx: Pick<Context, 'sqlite'>): { sqlite: Database; db: Db } {
  const connections = connectionsOf(ctx);
  return openTransactionOn(connections)
    ? { sqlite: connections.writer, db: connections.writerDb }
    : { sqlite: connections.reader, db: connections.readerDb };
}

/** How many write transactions this process has finished on ctx's database. */
export function finishedWriteTransactions(ctx: Pick<Context, 'sqlite'>): number {
  return connectionsOf(ctx).finishedTransactions;
}

/**
 * Runs `work` in one write transaction: committed when it resolves, rolled back when it throws.
 * Inside another writeTransaction on the same database it joins that one (its writes commit or
 * roll back with the outer transaction).
 */
export async function writeTransaction<T>(ctx: Pick<Context, 'sqlite'>, work: (tx: Tx) => Promise<T>): Promise<T> {
  const connections = connectionsOf(ctx);
  if (openTransactionOn(connections)) return work(connections.writerDb);
  const enclosing = transactionInScope.getStore();
  if (enclosing?.open && enclosing.connections.writeLock === connections.writeLock) {
    // Another connection of this process to the same file holds the lock, for the caller itself.
    throw new Error('a write transaction was opened on a second connection to a database inside a transaction on the first');
  }
  const release = await connections.writeLock.acquire();
  const scope: OpenTransaction = { connections, open: true, afterCommit: [] };
  try {
    connections.writer.run('BEGIN IMMEDIATE');
    try {
      const result = await transactionInScope.run(scope, () => work(connections.writerDb));
      scope.open = false;
      connections.writer.run('COMMIT');
      for (const work of scope.afterCommit) transactionInScope.exit(work);
      return result;
    } catch (error) {
      scope.open = false;
      // A failed COMMIT (or SQLite's own rollback after some errors) may have ended it already.
      if (connections.writer.inTransaction) connections.writer.run('ROLLBACK');
      throw error;
    }
  } finally {
    scope.open = false;
    connections.finishedTransactions++;
    release();
  }
}

/**
 * Runs `work` once the caller's transaction on ctx's database has committed (never, if it rolls
 * back), or at once outside a transaction: for waking a worker that must see the rows written.
 */
export function afterCommit(ctx: Pick<Context, 'sqlite'>, work: () => void): void {
  const scope = transactionInScope.getStore();
  if (scope?.open && scope.connections === connectionsByWriter.get(ctx.sqlite)) scope.afterCommit.push(work);
  else work();
}

/**
 * Runs `work` outside any open transaction's scope: for work started from inside a transaction
 * that outlives it (a background delivery woken by a commit), which must not join it.
 */
export function outsideTransaction<T>(work: () => T): T {
  return transactionInScope.exit(work);
}
