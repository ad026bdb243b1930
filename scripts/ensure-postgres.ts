// Makes a PostgreSQL server available to the PostgreSQL tests and benches (test/postgres,
// bench/copy.ts), as ensure-chromium.ts does for Chromium: AUTHD_TEST_DATABASE_URL when it is set,
// otherwise a throw-away cluster under the system temp dir on 127.0.0.1, installed with apt-get
// when Debian's binaries are missing. Every caller gets a database of its own.
import { SQL } from 'bun';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the shared test cluster lives; one per machine (and temp dir), reused by every run. */
export const testClusterDir = join(tmpdir(), 'authd-test-postgres');
const lockFile = `${testClusterDir}.lock`;
const portFile = join(testClusterDir, 'authd-port');
const serverUser = 'postgres';

const isRoot = () => process.getuid?.() === 0;

async function run(command: string[], options: { quiet?: boolean } = {}): Promise<string> {
  const child = Bun.spawn(command, {
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C.UTF-8' },
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code}: ${(err || out).trim()}`);
  if (!options.quiet && err.trim()) console.error(err.trim());
  return out;
}

/**
 * PostgreSQL refuses to run as root, so as root the server tools run as the `postgres` user the
 * Debian package creates; any other user runs them as itself (they then own the cluster).
 */
function asServerUser(command: string[]): string[] {
  return isRoot() ? ['runuser', '-u', serverUser, '--', ...command] : command;
}

/** The newest installed PostgreSQL's bin directory, e.g. /usr/lib/postgresql/15/bin. */
function findServerBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null;
}

async function installServer(): Promise<string> {
  console.error("PostgreSQL's server binaries are missing: installing Debian's postgresql for the PostgreSQL tests");
  const prefix = isRoot() ? [] : ['sudo', '-n'];
  await run([...prefix, 'apt-get', 'update'], { quiet: true });
  await run([...prefix, 'apt-get', 'install', '-y', '--no-install-recommends', 'postgresql'], { quiet: true });
  const bin = findServerBinaries();
  if (!bin) throw new Error('apt-get installed postgresql but no /usr/lib/postgresql/*/bin/initdb is there');
  return bin;
}

function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const port = listener.port;
  listener.stop(true);
  return port;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process at a time sets the cluster up: test files run in parallel processes, and two
 * initdb runs on one directory would wreck it. The lock is a file created exclusively holding
 * its owner's pid, so a lock left by a killed process is taken over rather than waited on forever.
 */
async function withClusterLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim() || '0');
      // An empty file is a lock being written this instant: wait for it like a held one.
      if (owner > 0 && !processIsAlive(owner)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockFile} (held by pid ${owner})`);
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

async function serverAnswers(bin: string, port: number): Promise<boolean> {
  const child = Bun.spawn([join(bin, 'pg_isready'), '-q', '-h', '127.0.0.1', '-p', String(port)], {
    stdout: 'ignore',
    stderr: 'ignore',
  });
  return (await child.exited) === 0;
}

function readPort(): number | null {
  if (!existsSync(portFile)) return null;
  const port = Number(readFileSync(portFile, 'utf8').trim());
  return Number.isInteger(port) && port > 0 ? port : null;
}

async function createCluster(bin: string): Promise<void> {
  rmSync(testClusterDir, { recursive: true, force: true });
  mkdirSync(testClusterDir, { mode: 0o700 });
  await giveToServerUser(testClusterDir);
  // Trust on 127.0.0.1 only: the server listens nowhere else and holds throw-away test data.
  await run(
    asServerUser([
      join(bin, 'initdb'),
      '-D',
      testClusterDir,
      '-U',
      'postgres',
      '--auth-host=trust',
      '--auth-local=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]),
    { quiet: true },
  );
  // fsync off: a test cluster is thrown away after a crash anyway, and CREATE DATABASE per test
  // file would otherwise wait on the disk. Unix sockets stay inside the cluster directory, so
  // the server needs nothing under /var/run.
  const settings = [
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${testClusterDir}'`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'max_connections = 200',
  ];
  writeFileSync(join(testClusterDir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
  await giveToServerUser(join(testClusterDir, 'postgresql.auto.conf'));
}

/** As root, hands a path to the `postgres` user, which must own the files of its cluster. */
async function giveToServerUser(path: string): Promise<void> {
  if (!isRoot()) return;
  const uid = Number((await run(['id', '-u', serverUser])).trim());
  const gid = Number((await run(['id', '-g', serverUser])).trim());
  chownSync(path, uid, gid);
}

async function startCluster(bin: string): Promise<number> {
  const port = freePort();
  // A stale pid file from a killed server would make pg_ctl refuse to start.
  const pidFile = join(testClusterDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!(pid > 0 && processIsAlive(pid))) rmSync(pidFile, { force: true });
    else await run(asServerUser([join(bin, 'pg_ctl'), '-D', testClusterDir, '-m', 'fast', '-w', 'stop']), { quiet: true });
  }
  await run(
    asServerUser([
      join(bin, 'pg_ctl'),
      '-D',
      testClusterDir,
      '-l',
      join(testClusterDir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port}`,
      'start',
    ]),
    { quiet: true },
  );
  writeFileSync(portFile, String(port));
  return port;
}

/**
 * Starts (or finds running) the shared test cluster and returns its port. scripts/run-tests.ts
 * calls it before the tests, so that none of them waits on apt-get or initdb within its timeout.
 */
export async function ensureCluster(): Promise<number> {
  return withClusterLock(async () => {
    const bin = findServerBinaries() ?? (await installServer());
    const port = readPort();
    if (port !== null && (await serverAnswers(bin, port))) return port;
    if (!existsSync(join(testClusterDir, 'PG_VERSION'))) await createCluster(bin);
    return startCluster(bin);
  });
}

function randomDatabaseName(prefix: string): string {
  return `${prefix}_${Buffer.from(crypto.getRandomValues(new Uint8Array(6))).toString('hex')}`;
}

/** `url` with its database name replaced. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new SQL(adminUrl, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.close();
  }
}

/**
 * The URL of a new, empty database for one caller (a test file, a bench run). With
 * AUTHD_TEST_DATABASE_URL set, the database is made on that server; if its user may not create
 * databases, that URL's own database is returned as it is, and the caller shares it.
 */
export async function ensurePostgres(prefix = 'authd_test'): Promise<string> {
  const name = randomDatabaseName(prefix);
  const given = process.env.AUTHD_TEST_DATABASE_URL;
  if (given) {
    try {
      await createDatabase(given, name);
      return withDatabase(given, name);
    } catch (error) {
      console.error(`cannot create a database on AUTHD_TEST_DATABASE_URL, using it as it is: ${String(error)}`);
      return given;
    }
  }
  const port = await ensureCluster();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await createDatabase(adminUrl, name);
  return withDatabase(adminUrl, name);
}

/** Drops a database ensurePostgres made on the shared test cluster (best effort). */
export async function dropTestDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name) || url === process.env.AUTHD_TEST_DATABASE_URL) return;
  const admin = new SQL(withDatabase(url, 'postgres'), { max: 1 });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } catch {
    // Left behind on a server that refuses: test databases are named apart and harmless.
  } finally {
    await admin.close();
  }
}

if (import.meta.main) console.log(await ensurePostgres());
