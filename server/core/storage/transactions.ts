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
// opened by writeTransaction (or readSnapshot, for reads that must see one state): inside it (and in everything its body awaits) the transaction's
// handle, so a core function reading through ctx.db sees the transaction's own writes; outside,
// the reader. A writeTransaction inside another on the same database joins it rather than
// waiting for the lock its own caller holds.
//
// On PostgreSQL the pool gives each transaction a connection of its own, and reads outside one
// go to any pooled connection. Write transactions of every instance run side by side: each is
// SERIALIZABLE, so a transaction that reads, decides and writes still behaves as if it ran alone
// (the semantics the core was written for on SQLite), and one that PostgreSQL cannot fit in a
// serial order fails with a serialisation failure and is run again from the start, a bounded
// number of times (postgresWriteTransaction). Uniqueness rules also have unique indexes; a
// violation of one is retried the same way, so the body's own check answers with its known
// error. Which mechanism guards which rule is listed in docs/architecture.md. Each write
// transaction also raises its connection's row of the write generation that caches on every
// instance watch (write-invalidated-cache.ts).
import type { Database } from 'bun:sqlite';
import { sql } from 'drizzle-orm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { resolve } from 'node:path';
import type { Db } from '../../../db/connection';
import type { PostgresDb, PostgresStorage } from '../../../db/pg/connection';
import type { Context, DatabaseStorage } from './context';

/** The handle a transaction body writes through: the writer connection, inside the transaction. */
export type Tx = Db;
/** Either the database or an open transaction: functions taking it compose into larger writes. */
export type DbWriter = Db;

/** One SQLite database's two connections and the lock that queues its write transactions. */
interface SqliteConnections {
  dialect: 'sqlite';
  writer: Database;
  writerDb: Db;
  reader: Database;
  readerDb: Db;
  writeLock: FifoLock;
  /** Bumped after every transaction ends, for WriteInvalidatedCache. */
  finishedTransactions: number;
  /** `PRAGMA data_version` on the reader, prepared at its first use. */
  dataVersion?: { get(): { data_version: number } | null };
  /** Set with `serve --metrics` (observeWriteTransactions). */
  observeWriteTransaction?: (seconds: number) => void;
}

/** One PostgreSQL database's pool. */
interface PostgresConnections {
  dialect: 'postgres';
  db: PostgresDb;
  /** A transaction begun in one statement (PostgresStorage.transaction). */
  begin: PostgresStorage['transaction'];
  finishedTransactions: number;
  observeWriteTransaction?: (seconds: number) => void;
}

type Connections = SqliteConnections | PostgresConnections;

interface OpenTransaction {
  connections: Connections;
  /** The handle the transaction's queries go through: the SQLite writer, or PostgreSQL's transaction. */
  handle: Db;
  /** A write transaction, or a read snapshot (readSnapshot), in which writing is refused. */
  kind: 'write' | 'read';
  /** False once committed or rolled back: work the body started and left running must not join it. */
  open: boolean;
  /** Run once the transaction has committed (afterCommit). */
  afterCommit: (() => void)[];
}

const transactionInScope = new AsyncLocalStorage<OpenTransaction>();
const connectionsOfStorage = new WeakMap<DatabaseStorage, Connections>();
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

/**
 * How many times a PostgreSQL write transaction is run in all when PostgreSQL refuses to commit
 * it (serialisation failure, deadlock, or a unique index a concurrent commit filled). Each retry
 * waits a little longer, with jitter, so the transactions that collided do not collide again.
 */
export const postgresWriteAttempts = 4;
const postgresRetryBaseMillis = 2;
const postgresRetryCeilingMillis = 64;

/**
 * From this run on, a transaction that kept colliding runs alone: it takes the advisory lock
 * below exclusively, which waits for the write transactions under way and holds off new ones
 * until it ends, so it cannot collide again. Every other run takes the same lock shared, which
 * costs one statement and never waits on another shared holder: writes run side by side until
 * one has collided twice. A hot row (a project's user count, which every sign-up raises) makes
 * every concurrent writer of it collide; this is what bounds the runs then.
 */
const postgresAloneFromAttempt = 3;

/** The key of that advisory lock: one number for the whole database. */
const postgresWriteLockKey = 0x77726974; // "writ" in ASCII

/** SQLSTATEs after which a write transaction is run again: serialization_failure, deadlock_detected, unique_violation. */
const retriedPostgresStates = new Set(['40001', '40P01', '23505']);

/** The SQLSTATE of a PostgreSQL error, looked for through drizzle's wrapping (`cause`). */
export function postgresErrorState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const state = (current as { errno?: unknown }).errno ?? (current as { code?: unknown }).code;
    if (typeof state === 'string' && /^[0-9A-Z]{5}$/.test(state)) return state;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
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

function connectionsFor(storage: DatabaseStorage): Connections {
  let connections = connectionsOfStorage.get(storage);
  if (connections) return connections;
  connections =
    storage.dialect === 'sqlite'
      ? {
          dialect: 'sqlite',
          writer: storage.sqlite,
          writerDb: storage.db,
          reader: storage.reader,
          readerDb: storage.readerDb,
          writeLock: writeLockOf(storage.sqlite),
          finishedTransactions: 0,
        }
      : { dialect: 'postgres', db: storage.db, begin: storage.transaction, finishedTransactions: 0 };
  connectionsOfStorage.set(storage, connections);
  return connections;
}

/** The handle used outside a transaction: SQLite's reader, or PostgreSQL's pool. */
function idleHandle(connections: Connections): Db {
  return connections.dialect === 'sqlite' ? connections.readerDb : (connections.db as unknown as Db);
}

/**
 * The drizzle handle a Context carries as `db`: each use goes to the open transaction's handle
 * when called inside writeTransaction on this database, else to the reader (on PostgreSQL, the
 * pool). Typed as SQLite's handle on both dialects: core builds each query once, with calls
 * drizzle's two dialects share (server/core/storage/tables.ts).
 */
export function routedDatabase(storage: DatabaseStorage): Db {
  const connections = connectionsFor(storage);
  const outside = idleHandle(connections);
  // Methods are bound once per handle and property: a query touches several (select, from, …)
  // and binding afresh at each touch made garbage on every query.
  const boundMethods = new WeakMap<Db, Map<PropertyKey, unknown>>();
  return new Proxy(outside, {
    get(_target, property) {
      const target = openTransactionOn(connections)?.handle ?? outside;
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let bound = boundMethods.get(target);
      if (bound === undefined) boundMethods.set(target, (bound = new Map()));
      let method = bound.get(property);
      if (method === undefined) bound.set(property, (method = value.bind(target)));
      return method;
    },
  });
}

function connectionsOf(ctx: Pick<Context, 'storage'>): Connections {
  const connections = connectionsOfStorage.get(ctx.storage);
  if (!connections) throw new Error('this Context was not opened with routedDatabase: it has no reader and writer');
  return connections;
}

function openTransactionOn(connections: Connections): OpenTransaction | undefined {
  const scope = transactionInScope.getStore();
  return scope !== undefined && scope.open && scope.connections === connections ? scope : undefined;
}

/** True while the caller runs inside a writeTransaction or a readSnapshot on ctx's database. */
export function isInsideTransaction(ctx: Pick<Context, 'storage'>): boolean {
  const connections = connectionsOfStorage.get(ctx.storage);
  return connections !== undefined && openTransactionOn(connections) !== undefined;
}

/** The handle a query of the caller goes through: the open transaction's, else the idle one. */
export function currentHandle(ctx: Pick<Context, 'storage'>): Db {
  const connections = connectionsOf(ctx);
  return openTransactionOn(connections)?.handle ?? idleHandle(connections);
}

/** Asks the database something trivial; throws when it cannot answer (readiness checks). */
export async function pingDatabase(ctx: Pick<Context, 'storage'>): Promise<void> {
  const connections = connectionsOf(ctx);
  if (connections.dialect === 'sqlite') connections.reader.query('SELECT 1').get();
  else await connections.db.execute(sql`SELECT 1`);
}

/**
 * A number that changes whenever anyone commits a write to ctx's database, another process or
 * instance included. SQLite: `PRAGMA data_version` on the reader (it moves when any other
 * connection commits). PostgreSQL: the sum of the generation rows write transactions raise before
 * they commit, so the new value is seen only with the rows it stands for.
 */
export async function readCommitVersion(ctx: Pick<Context, 'storage'>): Promise<number> {
  const connections = connectionsOf(ctx);
  if (connections.dialect === 'sqlite') {
    connections.dataVersion ??= connections.reader.prepare<{ data_version: number }, []>('PRAGMA data_version');
    return connections.dataVersion.get()!.data_version;
  }
  const [row] = await connections.db.execute<{ generation: string | number }>(sql`SELECT coalesce(sum(generation), 0) AS generation FROM write_generation_slots`);
  return Number(row?.generation ?? 0);
}

/** How many write transactions this process has finished on ctx's database. */
export function finishedWriteTransactions(ctx: Pick<Context, 'storage'>): number {
  return connectionsOf(ctx).finishedTransactions;
}

/**
 * What keeps a write transaction's rules true beside concurrent writers on PostgreSQL (SQLite
 * runs one writer at a time either way):
 * - `serializable`, the default: the body may read, decide and write anything; the transaction
 *   behaves as if it ran alone, and one PostgreSQL cannot fit in a serial order runs again.
 * - `row-locks`: READ COMMITTED, for a body whose every rule rests on rows its own statements
 *   lock (an UPDATE … WHERE that both checks and writes the one row it changes) or on unique
 *   indexes. Two such bodies on different rows never collide, where SERIALIZABLE's predicate
 *   locks (whole index pages) make busy writers of neighbouring rows fail and run again.
 */
export type WriteGuard = 'serializable' | 'row-locks';

/**
 * Runs `work` in one write transaction: committed when it resolves, rolled back when it throws.
 * Inside another writeTransaction on the same database it joins that one (its writes commit or
 * roll back with the outer transaction, under the outer one's guard).
 */
export async function writeTransaction<T>(
  ctx: Pick<Context, 'storage'>,
  work: (tx: Tx) => Promise<T>,
  guard: WriteGuard = 'serializable',
): Promise<T> {
  const connections = connectionsOf(ctx);
  const joined = openTransactionOn(connections);
  if (joined?.kind === 'read') throw new Error('a write transaction was opened inside a read snapshot');
  if (joined) return work(joined.handle);
  const observe = connections.observeWriteTransaction;
  if (!observe) return outermostWriteTransaction(connections, work, guard);
  const started = performance.now();
  try {
    return await outermostWriteTransaction(connections, work, guard);
  } finally {
    observe((performance.now() - started) / 1000);
  }
}

function outermostWriteTransaction<T>(connections: Connections, work: (tx: Tx) => Promise<T>, guard: WriteGuard): Promise<T> {
  return connections.dialect === 'sqlite'
    ? sqliteWriteTransaction(connections, work)
    : postgresWriteTransaction(connections, work, guard);
}

/** Hands each outermost write transaction's duration on ctx's database to `observe` (metrics). */
export function observeWriteTransactions(ctx: Pick<Context, 'storage'>, observe: (seconds: number) => void): void {
  connectionsOf(ctx).observeWriteTransaction = observe;
}

/**
 * Runs `work`, whose reads through ctx.db all see one committed state: for answers built from
 * several queries (a delivery and its attempts), which a commit landing between two of them
 * would otherwise tear. PostgreSQL: a read-only REPEATABLE READ transaction on one pooled
 * connection. SQLite: a deferred transaction on the writer, under the write lock, since the
 * reader serves every other request's reads between this one's awaits. Writing inside is
 * refused. Inside a write transaction it simply runs there (that already is one state).
 */
export async function readSnapshot<T>(ctx: Pick<Context, 'storage'>, work: () => Promise<T>): Promise<T> {
  const connections = connectionsOf(ctx);
  if (openTransactionOn(connections)) return work();
  if (connections.dialect === 'postgres') {
    return await connections.db.transaction(
      async (pgTx) => {
        const scope: OpenTransaction = { connections, handle: pgTx as unknown as Db, kind: 'read', open: true, afterCommit: [] };
        try {
          return await transactionInScope.run(scope, work);
        } finally {
          scope.open = false;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
  const release = await connections.writeLock.acquire();
  const scope: OpenTransaction = { connections, handle: connections.writerDb, kind: 'read', open: true, afterCommit: [] };
  try {
    connections.writer.run('BEGIN');
    return await transactionInScope.run(scope, work);
  } finally {
    scope.open = false;
    if (connections.writer.inTransaction) connections.writer.run('COMMIT');
    release();
  }
}

async function sqliteWriteTransaction<T>(connections: SqliteConnections, work: (tx: Tx) => Promise<T>): Promise<T> {
  const enclosing = transactionInScope.getStore();
  if (
    enclosing?.open &&
    enclosing.connections.dialect === 'sqlite' &&
    enclosing.connections.writeLock === connections.writeLock
  ) {
    // Another connection of this process to the same file holds the lock, for the caller itself.
    throw new Error('a write transaction was opened on a second connection to a database inside a transaction on the first');
  }
  const release = await connections.writeLock.acquire();
  const scope: OpenTransaction = { connections, handle: connections.writerDb, kind: 'write', open: true, afterCommit: [] };
  try {
    connections.writer.run('BEGIN IMMEDIATE');
    try {
      const result = await transactionInScope.run(scope, () => work(connections.writerDb));
      scope.open = false;
      connections.writer.run('COMMIT');
      runAfterCommit(scope);
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

async function postgresWriteTransaction<T>(connections: PostgresConnections, work: (tx: Tx) => Promise<T>, guard: WriteGuard): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postgresWriteAttempt(connections, work, attempt >= postgresAloneFromAttempt ? 'alone' : guard);
    } catch (error) {
      const state = postgresErrorState(error);
      if (attempt >= postgresWriteAttempts || state === undefined || !retriedPostgresStates.has(state)) throw error;
      const ceiling = Math.min(postgresRetryCeilingMillis, postgresRetryBaseMillis * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * ceiling));
    }
  }
}

/**
 * The one simple query that opens a run: BEGIN with its isolation level, the write lock (shared,
 * or exclusive for a run alone), then this connection's own row of the write generation, which
 * no other transaction running now can hold (raised first rather than last, it still shows only
 * once this commits). One round trip. A run alone, and a body guarded by its row locks, read at
 * READ COMMITTED: for the first, no other writer runs beside it, and a SERIALIZABLE snapshot
 * would be taken by the lock statement itself, before the wait, so it would miss the commits it
 * waited for and collide with them.
 */
const postgresOpenings = {
  serializable: postgresOpening('ISOLATION LEVEL SERIALIZABLE', 'pg_advisory_xact_lock_shared'),
  'row-locks': postgresOpening('ISOLATION LEVEL READ COMMITTED', 'pg_advisory_xact_lock_shared'),
  alone: postgresOpening('ISOLATION LEVEL READ COMMITTED', 'pg_advisory_xact_lock'),
};

function postgresOpening(isolation: string, lockFunction: string): string {
  return `BEGIN ${isolation};
    WITH locked AS (SELECT ${lockFunction}(${postgresWriteLockKey}))
    INSERT INTO write_generation_slots (backend, generation) SELECT pg_backend_pid(), 1 FROM locked
    ON CONFLICT (backend) DO UPDATE SET generation = write_generation_slots.generation + 1`;
}

async function postgresWriteAttempt<T>(
  connections: PostgresConnections,
  work: (tx: Tx) => Promise<T>,
  run: keyof typeof postgresOpenings,
): Promise<T> {
  let scope: OpenTransaction | undefined;
  try {
    // Committed when the callback resolves, rolled back when it throws.
    const result = await connections.begin(postgresOpenings[run], async (pgTx) => {
      const handle = pgTx as unknown as Db;
      scope = { connections, handle, kind: 'write', open: true, afterCommit: [] };
      const value = await transactionInScope.run(scope, () => work(handle));
      scope.open = false;
      return value;
    });
    if (scope) runAfterCommit(scope);
    return result;
  } finally {
    if (scope) scope.open = false;
    connections.finishedTransactions++;
  }
}

function runAfterCommit(scope: OpenTransaction): void {
  for (const work of scope.afterCommit) transactionInScope.exit(work);
}

/**
 * Awaits statements sent together (on PostgreSQL pipelined on the transaction's connection, one
 * round trip; on SQLite one after the other), like Promise.all, but waits for all of them and
 * throws the error that caused the others: once one statement fails, PostgreSQL answers every
 * later one of the transaction with 25P02 (in failed transaction), and which rejection reaches
 * JavaScript first is not fixed. A serialisation failure must be the error seen, or the
 * transaction would not run again.
 */
export async function sentTogether<T extends readonly unknown[]>(statements: { [K in keyof T]: Promise<T[K]> | T[K] }): Promise<T> {
  const settled = await Promise.allSettled(statements as readonly unknown[]);
  const failures = settled.filter((result): result is PromiseRejectedResult => result.status === 'rejected').map((result) => result.reason);
  if (failures.length > 0) throw failures.find((error) => postgresErrorState(error) !== '25P02') ?? failures[0];
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Runs `work` once the caller's transaction on ctx's database has committed (never, if it rolls
 * back), or at once outside a transaction: for waking a worker that must see the rows written.
 */
export function afterCommit(ctx: Pick<Context, 'storage'>, work: () => void): void {
  const connections = connectionsOfStorage.get(ctx.storage);
  const scope = connections && openTransactionOn(connections);
  if (scope?.kind === 'write') scope.afterCommit.push(work);
  else work();
}

/**
 * Runs `work` outside any open transaction's scope: for work started from inside a transaction
 * that outlives it (a background delivery woken by a commit), which must not join it.
 */
export function outsideTransaction<T>(work: () => T): T {
  return transactionInScope.exit(work);
}
