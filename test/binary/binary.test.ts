// The built executable: `bun scripts/build.ts` makes dist/authd, which must run copied alone
// into an empty directory (no node_modules, no migrations folder) and take the same commands.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bunExecutable, repoRoot, startServeProcess, type ServeProcess } from '../support/instance';
import {
  expectCreatedProjectJson,
  expectOneLineError,
  expectPrintedKeysServe,
  getCurrentProject,
  keyHeaders,
  removeScratchDirs,
  runProcess,
  scratchDir,
  type CreatedProject,
} from '../support/cli';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { dropTestDatabase, ensurePostgres } from '../../scripts/ensure-postgres';

const workDir = scratchDir('authd-binary-');
const binary = join(workDir, 'authd');
let buildOutput = '';

// Runs after every describe block's own afterAll, so no server still uses these.
afterAll(removeScratchDirs);

const runBinary = (args: string[]) => runProcess(['./authd', ...args], { cwd: workDir, env: { AUTHD_DATA: '' } });

beforeAll(async () => {
  const { stdout, stderr, code } = await runProcess([bunExecutable, join(repoRoot, 'scripts', 'build.ts')]);
  buildOutput = stdout;
  if (code !== 0) throw new Error(`build failed (${code}): ${stdout}${stderr}`);
  copyFileSync(join(repoRoot, 'dist', 'authd'), binary);
}, 120_000);

describe('dist/authd copied alone into an empty directory', () => {
  let created: CreatedProject, server: ServeProcess | undefined, smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });

  afterAll(async () => {
    if (server) expect(await server.stop()).toBe(0);
    await smtp.stop();
  });

  test('the build reports the binary size', () => {
    expect(buildOutput).toMatch(/dist\/authd: [\d.]+ MB/);
    expect(readdirSync(workDir)).toEqual(['authd']);
  });

  test('./authd --help', async () => {
    const result = await runBinary(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toStartWith('Usage: authd');
    for (const command of ['serve', 'create-project', 'projects', 'keys']) expect(result.stdout).toContain(command);
  });

  test('./authd create-project --json creates ./data with the embedded migrations', async () => {
    const result = await runBinary(['create-project', '--name', 'Binary project', '--json', '--data', './data']);
    expect(result.code).toBe(0);
    created = JSON.parse(result.stdout);
    expectCreatedProjectJson(created);
    expect(readdirSync(workDir).sort()).toEqual(['authd', 'data']);
  });

  test('./authd serve answers /api/v1/projects/current with those keys', async () => {
    server = await startServeProcess('./data', ['--smtp', smtp.url], ['./authd'], workDir);
    // The data directory already existed but had no internal project yet.
    expect(server.events.filter((e) => e.event === 'project_created').map((e) => e.project_id)).toContain('internal');
    await expectPrintedKeysServe(server.url, created, 'Binary project');
    const wrong = await getCurrentProject(server.url, created.project_id, 'server', 'ssk_not_the_right_key_at_all_0000000000');
    expect(wrong.status).toBe(401);
  });

  test('the password check runs from inside the binary: its embedded filter and strength estimate', async () => {
    const signUp = (password: string) =>
      fetch(`${server!.url}/api/v1/auth/password/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...keyHeaders(created.project_id, 'client', created) },
        body: JSON.stringify({ email: `binary-${password.length}@example.com`, password }),
      });
    const breached = await signUp('password1234');
    expect(breached.status).toBe(400);
    expect(((await breached.json()) as { code: string }).code).toBe('PASSWORD_REQUIREMENTS_NOT_MET');
    const weak = await signUp('hunter2hunter2');
    expect(((await weak.json()) as { code: string }).code).toBe('PASSWORD_REQUIREMENTS_NOT_MET');
    expect((await signUp('quiet lanterns over marble')).status).toBe(200);
  });

  // `serve` loads these on first use, not at start (cmd/main.ts, passkeys.ts, smtp-transport.ts,
  // routes/openapi.ts); a lazily loaded module can break in the bundle alone.
  test('code loaded on first use runs inside the binary: mail, passkeys, the OpenAPI document', async () => {
    const clientHeaders = { 'content-type': 'application/json', ...keyHeaders(created.project_id, 'client', created) };
    const reset = await fetch(`${server!.url}/api/v1/auth/password/send-reset-code`, {
      method: 'POST',
      headers: clientHeaders,
      body: JSON.stringify({ email: 'binary-26@example.com', callback_url: 'http://localhost:3000/handler/password-reset' }),
    });
    expect(reset.status).toBe(200);
    expect((await smtp.waitFor('binary-26@example.com')).subject).toContain('Reset');

    expect((await runBinary(['projects', 'update', created.project_id, '--passkey', 'on', '--data', './data'])).code).toBe(0);
    const passkey = await fetch(`${server!.url}/api/v1/auth/passkey/initiate-passkey-authentication`, {
      method: 'POST',
      headers: clientHeaders,
      body: '{}',
    });
    expect(`${passkey.status} ${await passkey.clone().text()}`).toStartWith('200 ');
    expect(((await passkey.json()) as { options_json: { challenge: string } }).options_json.challenge).toMatch(/^[\w-]{20,}$/);

    const openApi = await fetch(`${server!.url}/api/v1/openapi.json`);
    expect(openApi.status).toBe(200);
    expect(((await openApi.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty('/users/me');
  });

  test('the web console is embedded: /admin, its entry brotli-compressed, and a page chunk', async () => {
    const page = await fetch(`${server!.url}/admin`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    const html = await page.text();
    expect(html).toContain('"internalProjectId":"internal"');
    const entry = html.match(/src="(\/admin\/_assets\/main-[^"]+\.js)"/)![1]!;
    const script = await fetch(`${server!.url}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('br');
    const code = await script.text();
    const chunk = code.match(/users-page-[\w]+\.js/)?.[0];
    expect(chunk).toBeDefined();
    expect((await fetch(`${server!.url}/admin/_assets/${chunk}`)).status).toBe(200);
  });

  test('./authd keys list --project internal works beside the running server', async () => {
    const result = await runBinary(['keys', 'list', '--project', 'internal', '--data', './data']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\bactive\b.*publishable …\w{4}/);
    const internal = server!.events.find((e) => e.event === 'project_created' && e.project_id === 'internal')!;
    expect(result.stdout).toContain(`…${internal.super_secret_admin_key.slice(-4)}`);
    expect(result.stdout.includes(internal.super_secret_admin_key)).toBe(false);
  });

  test('errors are one line from the binary too', async () => {
    expectOneLineError(await runBinary(['projects', 'get', 'no-such-project', '--data', './data']), /PROJECT_NOT_FOUND/);
  });

  test('SIGTERM stops the binary with exit 0', async () => {
    const running = server!;
    server = undefined;
    expect(await running.stop('SIGTERM')).toBe(0);
    expect(running.output()).toContain('"stopped"');
  });
});

describe('dist/authd on PostgreSQL', () => {
  // The core's tables are bound to the dialect at run time (server/core/storage/tables.ts):
  // this shows the bundled binary rebinds them, not only the sources.
  const env = { AUTHD_DATA: '', AUTHD_INSTANCE_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64') };
  let url: string, server: ServeProcess | undefined;

  beforeAll(async () => {
    url = await ensurePostgres('authd_binary');
  });
  afterAll(async () => {
    if (server) await server.stop();
    await dropTestDatabase(url);
  });

  test('./authd serve --database signs a user up; ./authd users list --database lists them', async () => {
    server = await startServeProcess(url, [], ['./authd'], workDir, env);
    const demo = server.events.find((e) => e.event === 'project_created' && e.project_id !== 'internal')!;
    const signUp = await fetch(`${server.url}/api/v1/auth/password/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...keyHeaders(demo.project_id, 'client', demo) },
      body: JSON.stringify({ email: 'binary-on-postgres@example.com', password: 'steady copper lanterns' }),
    });
    expect(signUp.status).toBe(200);
    const listed = await runProcess(['./authd', 'users', 'list', '--project', demo.project_id, '--database', url], { cwd: workDir, env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('binary-on-postgres@example.com');
  });
});
