// What CLI, npx and binary tests share: assertions on how authd reports errors, commands that
// print JSON, scratch directories, and the runners of test/support/instance.ts re-exported.
import { Database } from 'bun:sqlite';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'bun:test';
import { uuidPattern } from './api-expectations';
import { callApi, makeTempDir, runCli, startServeProcess, type ApiResult, type CliResult, type ServeProcess } from './instance';

export { runCli, runCliProcess, runProcess, type CliResult, type ProcessOptions } from './instance';

const scratchDirs: string[] = [];

/** A fresh temporary directory, removed by removeScratchDirs() once the file's servers are stopped. */
export function scratchDir(prefix?: string): string {
  const dir = makeTempDir(prefix);
  scratchDirs.push(dir);
  return dir;
}

export function removeScratchDirs(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const databaseFile = (dataDir: string) => join(dataDir, 'authd.db');

/** What a command that must not create data says when --data holds none. */
export const noAuthdDataMessage = (dataDir: string) =>
  `No authd data in ${dataDir}: run "authd serve" once (or "authd create-project") with this --data to create it.`;

/** A failed command: non-zero exit, nothing on stdout, exactly one line on stderr. */
export function expectOneLineError(result: CliResult, pattern?: RegExp): string {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  const lines = result.stderr.replace(/\n$/, '').split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]!.trim()).not.toBe('');
  if (pattern) expect(lines[0]!).toMatch(pattern);
  return lines[0]!;
}

/** The parsed output of a command run with --json that must succeed and print nothing on stderr. */
export function expectJsonOutput(args: string[], result: CliResult): any {
  if (result.code !== 0) throw new Error(`authd ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

/** Runs a command (in process) that must succeed and print JSON; returns the parsed output. */
export async function cliJson(args: string[], options: { stdin?: string } = {}): Promise<any> {
  return expectJsonOutput(args, await runCli([...args, '--json'], options));
}

/** Runs a command (in process) that must succeed; returns its stdout. */
export async function cliOk(args: string[], options: { stdin?: string } = {}): Promise<string> {
  const result = await runCli(args, options);
  if (result.code !== 0) throw new Error(`authd ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result.stdout;
}

/** What `create-project --json` prints (and what `serve` announces for its first projects). */
export interface CreatedProject {
  project_id: string;
  publishable_client_key: string;
  secret_server_key: string;
  super_secret_admin_key: string;
}

export interface KeySet {
  publishable_client_key?: string | null;
  secret_server_key?: string | null;
  super_secret_admin_key?: string | null;
}

const keyHeader = {
  client: ['x-stack-publishable-client-key', 'publishable_client_key'],
  server: ['x-stack-secret-server-key', 'secret_server_key'],
  admin: ['x-stack-super-secret-admin-key', 'super_secret_admin_key'],
} as const;

/** The X-Stack headers an SDK of `level` sends with one key of a printed set (or that key itself). */
export function keyHeaders(projectId: string, level: keyof typeof keyHeader, keys: KeySet | string): Record<string, string> {
  const [header, field] = keyHeader[level];
  const key = typeof keys === 'string' ? keys : keys[field];
  if (!key) throw new Error(`no ${field} to call with`);
  return { 'x-stack-project-id': projectId, 'x-stack-access-type': level, [header]: key };
}

/** GET /api/v1/projects/current with one key of the set, as an SDK of that level would. */
export function getCurrentProject(
  url: string,
  projectId: string,
  level: keyof typeof keyHeader,
  keys: KeySet | string,
): Promise<ApiResult> {
  return callApi(url, 'GET', '/api/v1/projects/current', { headers: keyHeaders(projectId, level, keys) });
}

/** A printed project as a served instance answers its keys: the client view names it, the admin view has its config. */
export async function expectPrintedKeysServe(
  url: string,
  printed: KeySet & { project_id: string },
  displayName: string,
): Promise<void> {
  const client = await getCurrentProject(url, printed.project_id, 'client', printed);
  expect(client.status).toBe(200);
  expect(client.json).toMatchObject({ id: printed.project_id, display_name: displayName });
  const admin = await getCurrentProject(url, printed.project_id, 'admin', printed);
  expect(admin.status).toBe(200);
  expect(admin.json.config).toBeDefined();
}

/**
 * Registers hooks around an `authd serve` on `dataDir` for CLI tests that run beside it: the
 * server starts, then the CLI makes a project while it runs (so the tests also show a running
 * server serves what the CLI wrote, without a restart); `ready` gets both. After the tests the
 * server must exit cleanly; `afterStop` runs then.
 */
export function serveBesideCli(
  dataDir: string,
  projectName: string,
  ready: (served: { server: ServeProcess; project: CreatedProject }) => void,
  afterStop?: () => void,
): void {
  let server: ServeProcess | undefined;
  beforeAll(async () => {
    server = await startServeProcess(dataDir);
    ready({ server, project: await cliJson(['create-project', '--name', projectName, '--data', dataDir]) });
  });
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    afterStop?.();
  });
}

/** The bytes of the database and its WAL, to check that no plain key was ever written. */
export function storedBytes(dataDir: string): string {
  return ['authd.db', 'authd.db-wal']
    .map((name) => join(dataDir, name))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('\n');
}

/** Opens the SQLite file afresh, as a backup tool would, and runs SQLite's integrity check. */
export function integrityCheck(dataDir: string): string {
  const db = new Database(databaseFile(dataDir));
  try {
    return db
      .query<{ integrity_check: string }, []>('PRAGMA integrity_check')
      .all()
      .map((row) => row.integrity_check)
      .join('; ');
  } finally {
    db.close();
  }
}

export const generatedKeyPatterns = {
  publishable_client_key: /^pck_[0-9a-z]{45}$/,
  secret_server_key: /^ssk_[0-9a-z]{45}$/,
  super_secret_admin_key: /^sak_[0-9a-z]{45}$/,
} as const;

/** `authd users sessions revoke` of one session on the instance's database, confirmed. */
export function revokeSessionWithCli(
  t: { databaseArgs: string[] },
  projectId: string,
  userId: string,
  sessionId: string,
): Promise<CliResult> {
  return runCli(['users', 'sessions', 'revoke', '--project', projectId, userId, sessionId, '--yes', ...t.databaseArgs]);
}

/** create-project's --json answer: exactly the project id and the three keys, each in its format. */
export function expectCreatedProjectJson(created: CreatedProject): void {
  expect(Object.keys(created).sort()).toEqual([
    'project_id',
    'publishable_client_key',
    'secret_server_key',
    'super_secret_admin_key',
  ]);
  expect(created.project_id).toMatch(uuidPattern);
  for (const kind of ['publishable_client_key', 'secret_server_key', 'super_secret_admin_key'] as const) {
    expect(created[kind]).toMatch(generatedKeyPatterns[kind]);
  }
}
