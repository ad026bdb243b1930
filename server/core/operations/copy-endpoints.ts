// The two ends of `authd copy`, for either engine: a source read in one consistent snapshot,
// table by table in batches, and a target written in one transaction that is committed only
// after the row counts agree. Values travel in one shape between them: flags as booleans,
// integers as numbers, text as text, NULL as null.
import type { Database } from 'bun:sqlite';
import type { ReservedSQL, SQL } from 'bun';
import type { CopiedTable } from './copy-plan';

export type CopiedRow = unknown[];

export interface CopySource {
  countRows(table: CopiedTable): Promise<number>;
  /** The rows of `table` in primary-key order, `batchSize` at a time, columns in plan order. */
  readBatches(table: CopiedTable, batchSize: number): AsyncIterable<CopiedRow[]>;
  /** The highest audit event id ever handed out (pruned rows included), 0 for none. */
  auditEventIdHighWater(): Promise<number>;
  /** Ends the snapshot; the source is never written. */
  finish(): Promise<void>;
}

export interface CopyTarget {
  existingData(): Promise<{ projects: number; users: number }>;
  insertRows(table: CopiedTable, rows: CopiedRow[]): Promise<void>;
  countRows(table: CopiedTable): Promise<number>;
  /** Makes the target's next audit event id follow `highWater`, as the source's would. */
  raiseAuditEventIds(highWater: number): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** The one table with an autoincrementing key; its counter is carried over with its rows. */
const auditTable = 'audit_events';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const columnList = (table: CopiedTable) => table.columns.map((column) => quoted(column.name)).join(', ');
const orderBy = (table: CopiedTable) => table.primaryKey.map(quoted).join(', ');

/** `ON CONFLICT … DO UPDATE` for rows the target's triggers already wrote (SQLite; PostgreSQL's views replace on insert). */
function replaceKeptRows(table: CopiedTable): string {
  if (!table.keptByTriggers) return '';
  const others = table.columns.filter((column) => !table.primaryKey.includes(column.name));
  const updates = others.map((column) => `${quoted(column.name)} = excluded.${quoted(column.name)}`).join(', ');
  return ` ON CONFLICT (${orderBy(table)}) DO UPDATE SET ${updates}`;
}

// ---- SQLite ----

/**
 * A read transaction on the data directory's database: in WAL mode it sees one snapshot however
 * long the copy takes, while `authd serve` keeps writing (it would not see those writes).
 */
export function sqliteSource(sqlite: Database): CopySource {
  sqlite.run('BEGIN');
  // The snapshot starts at the first read, not at BEGIN.
  sqlite.query('SELECT count(*) FROM schema_migrations').get();
  return {
    async countRows(table) {
      return sqlite.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${quoted(table.name)}`).get()!.n;
    },
    async *readBatches(table, batchSize) {
      const statement = sqlite.query<Record<string, unknown>, []>(`SELECT ${columnList(table)} FROM ${quoted(table.name)} ORDER BY ${orderBy(table)}`);
      let batch: CopiedRow[] = [];
      for (const row of statement.iterate()) {
        batch.push(table.columns.map((column) => {
          const value = row[column.name];
          return column.isFlag && value !== null ? value !== 0 : value;
        }));
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
    async auditEventIdHighWater() {
      const row = sqlite.query<{ seq: number }, [string]>('SELECT seq FROM sqlite_sequence WHERE name = ?').get(auditTable);
      return row?.seq ?? 0;
    },
    async finish() {
      sqlite.run('ROLLBACK');
    },
  };
}

/** An immediate transaction: the write lock is taken before the emptiness check, so no writer slips in after it. */
/**
 * The search index's triggers (migration 0019) rewrite a user's FTS5 row at every email inserted,
 * which made a copy into SQLite spend most of its time there. A copy target sets them aside,
 * inside its transaction, fills the index once from the copied rows, and puts them back as they
 * were (their own SQL, read from the schema): a failed copy rolls all of it back.
 */
function setSearchTriggersAside(sqlite: Database): () => void {
  const triggers = sqlite
    .query<{ name: string; sql: string }, []>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'user\\_search\\_%' ESCAPE '\\'")
    .all();
  for (const trigger of triggers) sqlite.run(`DROP TRIGGER ${quoted(trigger.name)}`);
  return () => {
    fillSearchIndex(sqlite);
    for (const trigger of triggers) sqlite.run(trigger.sql);
  };
}

/** The same fill as migration 0019's, over the rows just copied. */
function fillSearchIndex(sqlite: Database): void {
  sqlite.run('INSERT INTO user_search_keys (user_id) SELECT id FROM users ORDER BY rowid');
  // A text's grams as the index's tokens: 't' and the hex of each 3-character gram, 's' and the
  // hex of each 6-character one, at the positions json_each numbers.
  const gramsOf = (text: string) => `group_concat('t' || hex(substr(${text}, key + 1, 3)) || iif(key < length(${text}) - 5, ' s' || hex(substr(${text}, key + 1, 6)), ''), ' ')`;
  const positionsOf = (text: string) => `json_each('[' || substr(replace(hex(zeroblob(length(${text}) - 2)), '00', ',0'), 2) || ']')`;
  sqlite.run(`INSERT INTO user_search_grams (rowid, grams)
    SELECT 2 * k.id, (SELECT ${gramsOf('u.display_name_folded')} FROM ${positionsOf('u.display_name_folded')})
    FROM user_search_keys k JOIN users u ON u.id = k.user_id
    WHERE length(u.display_name_folded) >= 3`);
  sqlite.run(`INSERT INTO user_search_grams (rowid, grams)
    SELECT 2 * k.id + 1, (SELECT ${gramsOf('c.value_folded')} FROM contact_channels c, ${positionsOf('c.value_folded')}
        WHERE c.user_id = k.user_id AND length(c.value_folded) >= 3) AS grams
    FROM user_search_keys k
    WHERE grams IS NOT NULL`);
}

export function sqliteTarget(sqlite: Database): CopyTarget {
  sqlite.run('BEGIN IMMEDIATE');
  const restoreSearchTriggers = setSearchTriggersAside(sqlite);
  let open = true;
  return {
    async existingData() {
      const projects = sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM projects').get()!.n;
      const users = sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM users').get()!.n;
      return { projects, users };
    },
    async insertRows(table, rows) {
      const placeholders = table.columns.map(() => '?').join(', ');
      const insert = sqlite.prepare(`INSERT INTO ${quoted(table.name)} (${columnList(table)}) VALUES (${placeholders})${replaceKeptRows(table)}`);
      for (const row of rows) {
        insert.run(...(row.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value)) as never[]));
      }
    },
    async countRows(table) {
      return sqlite.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${quoted(table.name)}`).get()!.n;
    },
    async raiseAuditEventIds(highWater) {
      if (highWater <= 0) return;
      // Inserting explicit ids already raised the counter to the highest one copied; the source's
      // counter may be higher still, when its newest events were pruned.
      const changed = sqlite.run('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?', [highWater, auditTable]);
      if (changed.changes === 0) sqlite.run('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)', [auditTable, highWater]);
    },
    async commit() {
      restoreSearchTriggers();
      sqlite.run('COMMIT');
      open = false;
    },
    async rollback() {
      if (open) sqlite.run('ROLLBACK');
      open = false;
    },
  };
}

// ---- PostgreSQL ----

// Bun returns int8 as a string (it may pass 2^53); every such value authd stores is a number.
function fromPostgres(table: CopiedTable, row: unknown[]): CopiedRow {
  return row.map((value, i) => (table.columns[i]!.isBigint && value !== null ? Number(value) : value));
}

/** The statement-parameter limit of PostgreSQL's protocol, which bounds the rows of one INSERT. */
const maxParameters = 65_535;

/**
 * A REPEATABLE READ, READ ONLY transaction on a connection of its own: one snapshot for every
 * table. Rows come through a cursor, so a large table is never held in memory whole.
 */
export async function postgresSource(client: SQL): Promise<CopySource> {
  const connection = await client.reserve();
  await connection.unsafe('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  return {
    async countRows(table) {
      const [row] = await connection.unsafe(`SELECT count(*)::int8 AS n FROM ${quoted(table.name)}`);
      return Number(row.n);
    },
    async *readBatches(table, batchSize) {
      await connection.unsafe(`DECLARE authd_copy NO SCROLL CURSOR FOR SELECT ${columnList(table)} FROM ${quoted(table.name)} ORDER BY ${orderBy(table)}`);
      try {
        for (;;) {
          const rows: unknown[][] = await connection.unsafe(`FETCH FORWARD ${batchSize} FROM authd_copy`).values();
          if (rows.length === 0) break;
          yield rows.map((row) => fromPostgres(table, row));
        }
      } finally {
        await connection.unsafe('CLOSE authd_copy');
      }
    },
    async auditEventIdHighWater() {
      return readAuditSequence(connection);
    },
    async finish() {
      try {
        await connection.unsafe('ROLLBACK');
      } finally {
        void connection.release();
      }
    },
  };
}

async function readAuditSequence(connection: ReservedSQL): Promise<number> {
  const [{ name }] = await connection.unsafe(`SELECT pg_get_serial_sequence('${auditTable}', 'id') AS name`);
  // A sequence never used reads last_value 1 with is_called false: no id handed out yet.
  const [row] = await connection.unsafe(`SELECT last_value::int8 AS value, is_called FROM ${name}`);
  return row.is_called ? Number(row.value) : 0;
}

/**
 * One transaction on a connection of its own. `projects` is locked against other writers
 * first, so a second copy into the same database waits, then finds it no longer empty.
 */
export async function postgresTarget(client: SQL): Promise<CopyTarget> {
  const connection = await client.reserve();
  await connection.unsafe('BEGIN');
  let open = true;
  const end = async (command: 'COMMIT' | 'ROLLBACK') => {
    if (!open) return;
    open = false;
    try {
      await connection.unsafe(command);
    } finally {
      void connection.release();
    }
  };
  return {
    async existingData() {
      await connection.unsafe('LOCK TABLE projects IN EXCLUSIVE MODE');
      const [row] = await connection.unsafe('SELECT (SELECT count(*) FROM projects)::int8 AS projects, (SELECT count(*) FROM users)::int8 AS users');
      return { projects: Number(row.projects), users: Number(row.users) };
    },
    async insertRows(table, rows) {
      const width = table.columns.length;
      const perStatement = Math.max(1, Math.floor(maxParameters / width));
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        const tuples = chunk.map((_, r) => `(${table.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`);
        // No ON CONFLICT: PostgreSQL keeps the counts as views over per-process shards (PostgreSQL migration
        // 0016), and each view's INSTEAD OF trigger makes a row written into it replace the key's count.
        await connection.unsafe(
          `INSERT INTO ${quoted(table.name)} (${columnList(table)}) VALUES ${tuples.join(', ')}`,
          chunk.flat(),
        );
      }
    },
    async countRows(table) {
      const [row] = await connection.unsafe(`SELECT count(*)::int8 AS n FROM ${quoted(table.name)}`);
      return Number(row.n);
    },
    async raiseAuditEventIds(highWater) {
      const [row] = await connection.unsafe(`SELECT coalesce(max(id), 0)::int8 AS n FROM ${auditTable}`);
      const next = Math.max(highWater, Number(row.n));
      // Ids copied explicitly do not move an identity's sequence: without this the next event
      // would be given id 1 again and collide.
      if (next > 0) await connection.unsafe(`SELECT setval(pg_get_serial_sequence('${auditTable}', 'id'), $1::int8, true)`, [next]);
    },
    commit: () => end('COMMIT'),
    rollback: () => end('ROLLBACK'),
  };
}
