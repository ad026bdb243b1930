// Test support: a real authd on 127.0.0.1 with a fresh data directory, in this process (for API
// tests) or as a child process running `authd serve` (for lifecycle tests); and other authd
// commands, run in this process (runCli: the same commander program as the real entry point,
// output captured, milliseconds instead of a fresh Bun process each) or, for what only a process
// shows (exit status of the entry point, environment, working directory), as a child process.
import type { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext } from '../../cmd/cli-support';
import { dropTestDatabase, ensurePostgres } from '../../scripts/ensure-postgres';
import { openPostgresDatabase } from '../../server/core/storage/open-context';
import { runCli as runAuthd } from '../../cmd/main';
import { bootstrapInstance, type BootstrappedProject } from '../../server/core/projects/bootstrap';
import {
  defaultSettings,
  silentLogger,
  type Context,
  type InstanceMode,
  type InstanceSettings,
} from '../../server/core/storage/context';
import { startWebhookDelivery } from '../../server/core/webhooks/webhook-delivery';
import { startEmailDelivery } from '../../server/core/email/email-delivery';
import { startHttpServer } from '../../server/http/server';
import { flushDeferredSends } from '../../server/core/email/code-emails';

export const repoRoot = join(import.meta.dir, '..', '..');
export const bunExecutable = process.execPath;

export function makeTempDir(prefix = 'authd-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestInstance {
  url: string;
  dataDir: string;
  ctx: Context;
  /** The SQLite writer, for tests about the file itself; throws on PostgreSQL. */
  sqlite: Database;
  /** The CLI's option naming this instance's database: --data DIR, or --database URL. */
  databaseArgs: string[];
  /**
   * The rows of a raw query written with `?` placeholders, on whichever database the instance
   * serves: for tests that check what was stored. Mind the dialects' differences in what comes
   * back: PostgreSQL gives counts as text and flags as booleans.
   */
  rows(text: string, ...params: unknown[]): Promise<Record<string, unknown>[]>;
  internal: BootstrappedProject;
  /** Absent in production mode. */
  demo: BootstrappedProject | undefined;
  stop(): Promise<void>;
}

/**
 * Which database test instances are opened on: SQLite unless AUTHD_TEST_DIALECT=postgres, which
 * `npm test` sets for its PostgreSQL pass over the API suites (scripts/run-tests.ts). Each
 * instance then gets a new database of its own on the test cluster.
 */
export const testDialect: 'sqlite' | 'postgres' = process.env.AUTHD_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
// PostgreSQL keeps no key file: the instances of a test run share one made up for it.
if (testDialect === 'postgres') process.env.AUTHD_INSTANCE_KEY ??= Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');

/**
 * Where a test keeps data across several starts (`startTestInstance`, `authd serve` processes):
 * a new data directory, or on the PostgreSQL pass a new database. `location` is what
 * startServeProcess takes; `remove()` deletes it.
 */
export interface DataLocation {
  location: string;
  /** The CLI's option naming it: --data DIR or --database URL. */
  cliArgs: string[];
  startOptions: { dataDir?: string; databaseUrl?: string };
  remove(): Promise<void>;
}

export async function newDataLocation(prefix = 'authd-test-'): Promise<DataLocation> {
  if (testDialect === 'postgres') {
    const url = await ensurePostgres('authd_api');
    return { location: url, cliArgs: ['--database', url], startOptions: { databaseUrl: url }, remove: () => dropTestDatabase(url) };
  }
  const dataDir = makeTempDir(prefix);
  return { location: dataDir, cliArgs: ['--data', dataDir], startOptions: { dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

export async function startTestInstance(
  options: {
    mode?: InstanceMode;
    dataDir?: string;
    /**
     * A PostgreSQL database the test made (ensurePostgres) and drops itself: served as it is and
     * left in place at stop, for a test that starts an instance again on the same data.
     */
    databaseUrl?: string;
    settings?: Partial<InstanceSettings>;
    port?: number;
  } = {},
): Promise<TestInstance> {
  const dataDir = options.dataDir ?? makeTempDir();
  const mode = options.mode ?? 'development';
  const settings = { ...defaultSettings(), ...options.settings };
  // A test naming its data directory works on the file itself (the CLI's --data): SQLite.
  const onPostgres = testDialect === 'postgres' && options.dataDir === undefined;
  const databaseUrl = options.databaseUrl ?? (onPostgres ? await ensurePostgres('authd_api') : null);
  const ctx = databaseUrl ? await openPostgresDatabase(databaseUrl, mode, silentLogger, settings) : openContext(dataDir, mode, silentLogger, settings);
  const created = await bootstrapInstance(ctx);
  const emailDelivery = startEmailDelivery(ctx);
  const webhookDelivery = startWebhookDelivery(ctx);
  const server = startHttpServer(ctx, { host: '127.0.0.1', port: options.port ?? 0 });
  return {
    url: server.url,
    dataDir,
    ctx,
    databaseArgs: databaseUrl ? ['--database', databaseUrl] : ['--data', dataDir],
    async rows(text, ...params) {
      if (ctx.storage.dialect === 'sqlite') return ctx.storage.sqlite.query(text).all(...(params as never[])) as Record<string, unknown>[];
      let index = 0;
      return [...(await ctx.storage.sql.unsafe(text.replace(/\?/g, () => `$${++index}`), params))];
    },
    get sqlite() {
      if (ctx.storage.dialect !== 'sqlite') throw new Error('this test reads the SQLite file directly; it has no PostgreSQL version yet');
      return ctx.storage.sqlite;
    },
    internal: created.find((p) => p.projectId === 'internal')!,
    demo: created.find((p) => p.projectId !== 'internal'),
    async stop() {
      await server.stop();
      await flushDeferredSends(ctx);
      await emailDelivery.stop();
      await webhookDelivery.stop();
      await ctx.storage.close();
      if (databaseUrl && !options.databaseUrl) await dropTestDatabase(databaseUrl);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type AccessLevel = 'client' | 'server' | 'admin';

/** The X-Stack headers an SDK app of the given level sends for a bootstrapped project. */
export function projectHeaders(project: BootstrappedProject, level: AccessLevel): Record<string, string> {
  const key = {
    client: ['x-stack-publishable-client-key', project.keys.publishable_client_key],
    server: ['x-stack-secret-server-key', project.keys.secret_server_key],
    admin: ['x-stack-super-secret-admin-key', project.keys.super_secret_admin_key],
  }[level];
  return { 'x-stack-project-id': project.projectId, 'x-stack-access-type': level, [key[0]!]: key[1]! };
}

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: any;
}

export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown; rawBody?: BodyInit; contentType?: string } = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = { ...init.headers };
  let body: BodyInit | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  if (init.contentType) headers['content-type'] = init.contentType;
  return await readApiResult(await fetch(baseUrl + path, { method, headers, body }));
}

/** A fetch answer as an ApiResult: its text, and the JSON it parses to when it is JSON. */
export async function readApiResult(response: Response): Promise<ApiResult> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `authd <args>` in this process, as `bun cmd/main.ts <args>` would run it: `stdin` is what
 * the command reads as standard input (empty, as a closed one, when absent).
 */
export async function runCli(args: string[], options: { stdin?: string } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runAuthd(args, {
    writeOut: (text) => void (stdout += text),
    writeErr: (text) => void (stderr += text),
    readStdin: async () => options.stdin ?? '',
  });
  return { code, stdout, stderr };
}

export interface ProcessOptions {
  env?: Record<string, string>;
  cwd?: string;
  stdin?: string;
}

/** Runs a command as a child process and collects its output and exit status. */
export async function runProcess(command: string[], options: ProcessOptions = {}): Promise<CliResult> {
  const child = Bun.spawn(command, {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    stdin: options.stdin === undefined ? 'ignore' : new TextEncoder().encode(options.stdin),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, stdout, stderr };
}

/** Runs `authd <args>` from source in a child process (`bun cmd/main.ts`), as a user would. */
export function runCliProcess(args: string[], options: ProcessOptions = {}): Promise<CliResult> {
  return runProcess([process.execPath, join(repoRoot, 'cmd', 'main.ts'), ...args], options);
}

export interface ServeProcess {
  url: string;
  /** JSON events the server printed before it was listening (project_created …). */
  events: Record<string, any>[];
  process: ReturnType<typeof Bun.spawn>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>;
  output(): string;
}

/**
 * Starts `<command> serve --json --port 0` and waits for its "listening" event. `command` is
 * the argv prefix: the source CLI by default, or a built binary. `location` is a data directory
 * (--data), or a postgres:// URL (--database).
 */
export async function startServeProcess(
  location: string,
  extraArgs: string[] = [],
  command: string[] = [bunExecutable, join(repoRoot, 'cmd', 'main.ts')],
  cwd = repoRoot,
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const locationArgs = /^postgres(ql)?:\/\//.test(location) ? ['--database', location] : ['--data', location];
  const child = Bun.spawn([...command, 'serve', '--json', '--port', '0', ...locationArgs, ...extraArgs], {
    cwd,
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const events: Record<string, any>[] = [];
  let captured = '';
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const deadline = Date.now() + 20_000;
  let url: string | undefined;
  while (!url) {
    if (Date.now() > deadline) throw new Error(`server did not start: ${captured}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening: ${captured}${await new Response(child.stderr).text()}`);
    const chunk = decoder.decode(value, { stream: true });
    captured += chunk;
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (!line.trim()) continue;
      const event = JSON.parse(line);
      events.push(event);
      if (event.event === 'listening') url = event.url;
    }
  }
  // Keep draining stdout so the child never blocks on a full pipe.
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      captured += decoder.decode(value, { stream: true });
    }
  })();
  return {
    url,
    events,
    process: child,
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      return await child.exited;
    },
    output: () => captured,
  };
}

/** Ends a test's `authd serve` at once (SIGKILL) and removes its data: what afterEach does when a test may have left one running. */
export async function killServeProcess(server: ServeProcess | undefined, place: DataLocation | undefined): Promise<void> {
  server?.process.kill('SIGKILL');
  await server?.process.exited;
  await place?.remove();
}
