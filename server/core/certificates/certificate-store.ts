// Where automatic HTTPS keeps its state: the ACME account key, the certificate with its private
// key (both sealed with the instance key), the HTTP-01 answers in flight and the lock that lets
// one instance order at a time. A SQLite data directory keeps files in DIR/certificates (one
// process serves it); PostgreSQL keeps rows in `acme_state`, so every instance on the database
// serves the same certificate and answers a challenge another instance's order published.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PostgresStorage } from '../../../db/pg/connection';
import type { Context } from '../storage/context';
import type { DatabaseLocation } from '../storage/database-location';

/** The store beside the database a Context serves: its rows on PostgreSQL, else files in the data directory. */
export function certificateStoreFor(ctx: Context, location: DatabaseLocation): CertificateStore {
  if (ctx.storage.dialect === 'postgres') return postgresCertificateStore(ctx.storage);
  if (location.kind !== 'sqlite') throw new Error('a SQLite database without a data directory');
  return fileCertificateStore(join(location.dataDir, 'certificates'));
}

export interface CertificateStore {
  read(key: string): Promise<string | undefined>;
  write(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Runs `order` holding the order lock, or returns 'busy' when another instance holds it. The
   * lock is a lease: an instance that dies mid-order lets it go after `leaseMillis`.
   */
  withOrderLock<T>(now: number, leaseMillis: number, order: () => Promise<T>): Promise<T | 'busy'>;
}

export const orderLockKey = 'order-lock';

/** A data directory's store: one file per key, replaced atomically (written aside, then renamed). */
export function fileCertificateStore(folder: string): CertificateStore {
  const pathOf = (key: string) => join(folder, `${createHash('sha256').update(key).digest('hex').slice(0, 24)}.json`);
  let locked = false;
  return {
    async read(key) {
      try {
        const stored = JSON.parse(readFileSync(pathOf(key), 'utf8')) as { key: string; value: string };
        return stored.key === key ? stored.value : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(key, value) {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const path = pathOf(key);
      writeFileSync(`${path}.tmp`, JSON.stringify({ key, value }), { mode: 0o600 });
      renameSync(`${path}.tmp`, path);
    },
    async remove(key) {
      rmSync(pathOf(key), { force: true });
    },
    async withOrderLock(_now, _leaseMillis, order) {
      if (locked) return 'busy';
      locked = true;
      try {
        return await order();
      } finally {
        locked = false;
      }
    },
  };
}

/** A PostgreSQL database's store: rows of `acme_state` (db/pg/migrations/0008_acme_state.sql). */
export function postgresCertificateStore(storage: PostgresStorage): CertificateStore {
  // Its own small pool, like the shared counters: never a connection a write transaction waits for.
  const sql = storage.countersSql;
  const holder = randomUUID();
  return {
    async read(key) {
      const rows: { value: string }[] = await sql`SELECT value FROM acme_state WHERE key = ${key}`;
      return rows[0]?.value;
    },
    async write(key, value) {
      await sql`INSERT INTO acme_state (key, value, updated_at) VALUES (${key}, ${value}, ${Date.now()})
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`;
    },
    async remove(key) {
      await sql`DELETE FROM acme_state WHERE key = ${key}`;
    },
    async withOrderLock(now, leaseMillis, order) {
      // The lease row's updated_at is when the lease ends; taken when absent, expired, or ours.
      const taken: unknown[] =
        await sql`INSERT INTO acme_state (key, value, updated_at) VALUES (${orderLockKey}, ${holder}, ${now + leaseMillis})
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
        WHERE acme_state.updated_at < ${now} OR acme_state.value = ${holder}
        RETURNING key`;
      if (taken.length === 0) return 'busy';
      try {
        return await order();
      } finally {
        await sql`DELETE FROM acme_state WHERE key = ${orderLockKey} AND value = ${holder}`;
      }
    },
  };
}
