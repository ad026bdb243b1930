// `bun bench/copy.ts`: how fast `authd copy` moves an instance to PostgreSQL and back. Seeds a
// data directory in bulk with BENCH_USERS users (default 100,000), each with a verified primary
// email, then times the copy to a fresh PostgreSQL database (scripts/ensure-postgres.ts) and from
// there to a new data directory, in rows per second. Baseline, measured in the same run: an
// `authd backup` of the same directory (SQLite's VACUUM INTO, a page copy with no per-row work).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropTestDatabase, ensurePostgres } from '../scripts/ensure-postgres';
import { bootstrapInstance } from '../server/core/projects/bootstrap';
import { backupDatabase } from '../server/core/storage/backups';
import { defaultSettings, silentLogger } from '../server/core/storage/context';
import { copyDatabase } from '../server/core/storage/database-copy';
import { openDataDirectory } from '../server/core/storage/open-context';

const userCount = Number(process.env.BENCH_USERS ?? 100_000);
const dayMillis = 86_400_000;

async function seedUsers(dataDir: string): Promise<void> {
  const ctx = openDataDirectory(dataDir, 'development', silentLogger, defaultSettings());
  try {
    const projectId = (await bootstrapInstance(ctx)).find((project) => project.projectId !== 'internal')!.projectId;
    const sqlite = ctx.storage.sqlite;
    const insertUser = sqlite.prepare(
      `INSERT INTO users (id, project_id, display_name, display_name_folded, signed_up_at, last_active_at, last_active_day, password_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertChannel = sqlite.prepare(
      `INSERT INTO contact_channels (id, project_id, user_id, type, value, value_folded, is_verified, is_primary, used_for_auth, created_at)
       VALUES (?, ?, ?, 'email', ?, ?, 1, 1, 1, ?)`,
    );
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$YmVuY2hoYXNoYmVuY2hoYXNoYmVuY2hoYXNoYmVuYw';
    const now = Date.now();
    sqlite.transaction(() => {
      for (let i = 0; i < userCount; i++) {
        const id = crypto.randomUUID();
        const at = now - (userCount - i) * 1000;
        const name = `Member ${i}`;
        insertUser.run(id, projectId, name, name.toLowerCase(), at, at, Math.floor(at / dayMillis), hash);
        const email = `member${i}@copy.example.com`;
        insertChannel.run(crypto.randomUUID(), projectId, id, email, email, at);
      }
    })();
  } finally {
    ctx.storage.close();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

const scratch = mkdtempSync(join(tmpdir(), 'authd-bench-copy-'));
const source = join(scratch, 'source');
const back = join(scratch, 'back');
const url = await ensurePostgres('authd_bench');
try {
  const seeding = await timed(async () => await seedUsers(source));
  console.log(`seeded ${userCount} users with an email each in ${seeding.seconds.toFixed(1)} s`);

  const backup = await timed(() => backupDatabase(source, join(scratch, 'baseline.bak')));
  const toPostgres = await timed(() => copyDatabase({ kind: 'sqlite', dataDir: source }, { kind: 'postgres', url }));
  const env = { AUTHD_INSTANCE_KEY: readFileSync(join(source, 'authd.key'), 'utf8') };
  const fromPostgres = await timed(() => copyDatabase({ kind: 'postgres', url }, { kind: 'sqlite', dataDir: back }, { env }));

  const rows = toPostgres.result.rows;
  const line = (label: string, seconds: number) =>
    `${label.padEnd(28)} ${seconds.toFixed(2).padStart(7)} s  ${Math.round(rows / seconds).toLocaleString('en-US').padStart(10)} rows/s  ${(seconds / backup.seconds).toFixed(1).padStart(6)}× the backup`;
  console.log(`${rows} rows in ${toPostgres.result.tables.length} tables (the test cluster runs with fsync off)`);
  console.log(line('backup (VACUUM INTO), baseline', backup.seconds));
  console.log(line('copy SQLite → PostgreSQL', toPostgres.seconds));
  console.log(line('copy PostgreSQL → SQLite', fromPostgres.seconds));
} finally {
  await dropTestDatabase(url);
  rmSync(scratch, { recursive: true, force: true });
}
