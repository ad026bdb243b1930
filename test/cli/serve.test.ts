// `authd serve`: first-start projects, --production, restarts on the same data directory,
// graceful stop on SIGTERM and SIGINT, and flag validation.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bunExecutable, callApi, repoRoot, startServeProcess, type ServeProcess } from '../support/instance';
import {
  type CreatedProject,
  cliJson,
  databaseFile,
  expectOneLineError,
  expectPrintedKeysServe,
  generatedKeyPatterns,
  getCurrentProject,
  integrityCheck,
  storedBytes,
  removeScratchDirs,
  scratchDir,
  runCli,
} from '../support/cli';
import { uuidPattern } from '../support/api-expectations';

// Runs after every describe block's own afterAll, so no server still uses these.
afterAll(removeScratchDirs);

const keyFields = ['publishable_client_key', 'secret_server_key', 'super_secret_admin_key'] as const;
const createdEvents = (server: ServeProcess) =>
  server.events.filter((e) => e.event === 'project_created') as (CreatedProject & { display_name: string; event: string })[];

describe('first start in development mode, then a restart', () => {
  const dataDir = scratchDir();
  let first: ServeProcess, firstExit: number | undefined;

  beforeAll(async () => {
    first = await startServeProcess(dataDir);
  });
  afterAll(async () => {
    if (firstExit === undefined) await first.stop();
  });

  test('prints project_created for the internal project and a demo project, with their keys', () => {
    const created = createdEvents(first);
    expect(created).toHaveLength(2);
    const [internal, demo] = [created.find((e) => e.project_id === 'internal'), created.find((e) => e.project_id !== 'internal')];
    expect(internal).toMatchObject({ display_name: 'authd' });
    expect(demo?.project_id).toMatch(uuidPattern);
    expect(demo).toMatchObject({ display_name: 'Demo project' });
    for (const event of [internal!, demo!])
      for (const field of keyFields) expect(event[field]).toMatch(generatedKeyPatterns[field]);
    const listening = first.events.find((e) => e.event === 'listening')!;
    expect(listening).toMatchObject({ mode: 'development', data: dataDir, tui_command: `authd tui --data ${dataDir}` });
    // The banner's places, on the address a browser opens (localhost, for passkeys).
    const port = new URL(String(listening.url)).port;
    expect(listening.sign_in_url).toBe(`http://localhost:${port}/handler/sign-in`);
    expect(listening.api_docs_url).toBe(`http://localhost:${port}/api/v1/docs`);
  });

  test('the printed keys authenticate over HTTP', async () => {
    const demo = createdEvents(first).find((e) => e.project_id !== 'internal')!;
    await expectPrintedKeysServe(first.url, demo, 'Demo project');
    const internal = createdEvents(first).find((e) => e.project_id === 'internal')!;
    const internalServer = await getCurrentProject(first.url, 'internal', 'server', internal);
    expect(internalServer.status).toBe(200);
    expect(internalServer.json.id).toBe('internal');
  });

  test('keys are stored hashed: no printed key is in the database file', () => {
    const bytes = storedBytes(dataDir);
    expect(bytes.length).toBeGreaterThan(0);
    for (const event of createdEvents(first)) for (const field of keyFields) expect(bytes.includes(event[field])).toBe(false);
  });

  test('after a restart nothing is created again and the data is still there', async () => {
    const demo = createdEvents(first).find((e) => e.project_id !== 'internal')!;
    firstExit = await first.stop();
    expect(firstExit).toBe(0);

    // A project made while the server is down must be there after the next start.
    const made = await cliJson(['create-project', '--name', 'Made while stopped', '--data', dataDir]);
    const second = await startServeProcess(dataDir);
    try {
      expect(createdEvents(second)).toEqual([]);
      const listed = await cliJson(['projects', 'list', '--data', dataDir]);
      expect(listed.items.map((p: { id: string }) => p.id).sort()).toEqual(['internal', demo.project_id, made.project_id].sort());
      const got = await cliJson(['projects', 'get', made.project_id, '--data', dataDir]);
      expect(got.display_name).toBe('Made while stopped');

      const madeOverHttp = await getCurrentProject(second.url, made.project_id, 'client', made);
      expect(madeOverHttp.status).toBe(200);
      expect(madeOverHttp.json.display_name).toBe('Made while stopped');
      const demoOverHttp = await getCurrentProject(second.url, demo.project_id, 'server', demo);
      expect(demoOverHttp.status).toBe(200);
      expect(demoOverHttp.json.display_name).toBe('Demo project');
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

describe('serve --production', () => {
  test('creates only the internal project', async () => {
    const dataDir = scratchDir();
    const server = await startServeProcess(dataDir, ['--production']);
    try {
      const created = createdEvents(server);
      expect(created).toHaveLength(1);
      expect(created[0]!.project_id).toBe('internal');
      expect(server.events.find((e) => e.event === 'listening')?.mode).toBe('production');
      const listed = await cliJson(['projects', 'list', '--data', dataDir]);
      expect(listed.items.map((p: { id: string }) => p.id)).toEqual(['internal']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('stopping right after start', () => {
  test('SIGTERM sent as soon as serve reports listening still stops it gracefully', async () => {
    const server = await startServeProcess(scratchDir(), ['--production']);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('"stopped"');
  });
});

describe('serve without --json', () => {
  test('prints the first projects and their keys in plain text, and stops on SIGTERM', async () => {
    const dataDir = scratchDir();
    const child = Bun.spawn(
      [bunExecutable, join(repoRoot, 'cmd', 'main.ts'), 'serve', '--port', '0', '--production', '--data', dataDir],
      {
        cwd: repoRoot,
        stdout: 'pipe',
        stderr: 'pipe',
      },
    );
    const reader = child.stdout.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The banner names localhost (passkeys refuse IP-address origins), not the bound address.
    while (!/listening on http:\/\/localhost:\d+/.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`serve exited early: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    child.kill('SIGTERM');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(await child.exited).toBe(0);
    expect(text).toContain('(id internal)');
    expect(text).toMatch(/publishable client key: pck_\w{45}/);
    expect(text).toMatch(/super secret admin key: sak_\w{45}/);
    expect(text).toContain('production mode');
    const port = /listening on http:\/\/localhost:(\d+)/.exec(text)![1];
    expect(text).toContain(`sign-in screen: http://localhost:${port}/handler/sign-in`);
    expect(text).toContain(`API docs:       http://localhost:${port}/api/v1/docs`);
    expect(text).toContain(`admin TUI:      authd tui --data ${dataDir}`);
    expect(text).not.toContain('{');
  });
});

/**
 * Sends a PATCH whose body is held back: the request is in flight (the server answered
 * "100 Continue", so its handler is running) when the signal arrives, and the rest of the body
 * is sent only once the server has logged that it is stopping.
 */
async function patchAcrossStop(server: ServeProcess, project: CreatedProject, signal: NodeJS.Signals) {
  const url = new URL(server.url);
  const body = JSON.stringify({ description: `set while stopping on ${signal}: ${'x'.repeat(50_000)}` });
  let received = '';
  let onData = () => {};
  let onClose = () => {};
  const closed = new Promise<void>((resolve) => (onClose = resolve));
  const socket = await Bun.connect({
    hostname: url.hostname,
    port: Number(url.port),
    socket: {
      data(_socket, chunk) {
        received += new TextDecoder().decode(chunk);
        onData();
      },
      close: () => onClose(),
      error: () => onClose(),
    },
  });
  const head = [
    'PATCH /api/v1/projects/current HTTP/1.1',
    `Host: ${url.host}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Stack-Project-Id: ${project.project_id}`,
    'X-Stack-Access-Type: admin',
    `X-Stack-Super-Secret-Admin-Key: ${project.super_secret_admin_key}`,
    'Expect: 100-continue',
    'Connection: close',
  ].join('\r\n');
  await new Promise<void>((resolve) => {
    onData = () => received.includes('100 Continue') && resolve();
    socket.write(`${head}\r\n\r\n`);
  });
  received = '';
  socket.write(body.slice(0, 1000));

  const exited = server.stop(signal);
  const deadline = Date.now() + 10_000;
  while (!server.output().includes(`received ${signal}`)) {
    if (Date.now() > deadline) throw new Error(`server did not log the ${signal}: ${server.output()}`);
    await Bun.sleep(10);
  }
  socket.write(body.slice(1000));
  const code = await exited;
  await closed;
  const [statusLine = '', ...rest] = received.split('\r\n');
  const responseBody = received.slice(received.indexOf('\r\n\r\n') + 4);
  return { code, statusLine, responseBody, rest, body: JSON.parse(body) as { description: string } };
}

describe.each(['SIGTERM', 'SIGINT'] as const)('graceful stop on %s', (signal) => {
  test('the in-flight request is answered, the process exits 0 and the database is intact', async () => {
    const dataDir = scratchDir();
    const server = await startServeProcess(dataDir);
    const demo = createdEvents(server).find((e) => e.project_id !== 'internal')!;
    const result = await patchAcrossStop(server, demo, signal);

    expect(result.statusLine).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(result.responseBody).description).toBe(result.body.description);
    expect(result.code).toBe(0);
    expect(server.output()).toContain('"stopped"');

    // Closed cleanly: the WAL was checkpointed away and a fresh open finds an intact file
    // holding what the in-flight request wrote.
    expect(existsSync(`${databaseFile(dataDir)}-wal`)).toBe(false);
    expect(integrityCheck(dataDir)).toBe('ok');
    const stored = await cliJson(['projects', 'get', demo.project_id, '--data', dataDir]);
    expect(stored.description).toBe(result.body.description);
  });
});

describe('serve rejects bad flag values with one line', () => {
  test.each([
    [['--port', '99999'], /--port/],
    [['--port', 'abc'], /--port/],
    [['--port', ''], /--port/],
    [['--smtp', 'http://mail.example.com'], /--smtp/],
    [['--smtp', 'not a url'], /--smtp/],
    [['--public-url', 'ftp://auth.example.com'], /--public-url/],
    [['--public-url', 'auth.example.com'], /--public-url/],
    [['--domain', '*.example.com'], /--domain: "\*\.example\.com" is not a domain name/],
    [['--domain', '192.0.2.1'], /--domain: "192\.0\.2\.1" is not a domain name/],
    [['--domain', 'auth.example.com', '--http-port', '70000'], /--http-port/],
    [['--domain', 'auth.example.com', '--acme-directory', 'letsencrypt'], /--acme-directory/],
    [['--domain', 'auth.example.com', '--acme-ca', '/nonexistent/ca.pem'], /--acme-ca: cannot read "\/nonexistent\/ca\.pem"/],
    [['--metrics-token', 'a-token-long-enough-to-use'], /--metrics-token: only means something with --metrics/],
    [['--metrics', '--metrics-token', 'short'], /--metrics-token: use at least 16 characters/],
  ])('serve %p', async (flags, pattern) => {
    const dataDir = join(scratchDir(), 'data');
    expectOneLineError(await runCli(['serve', '--data', dataDir, ...flags]), pattern);
    // Refused before touching the data directory.
    expect(existsSync(dataDir)).toBe(false);
  });

  test('a port already in use', async () => {
    const blocker = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('busy') });
    try {
      const result = await runCli(['serve', '--data', scratchDir(), '--port', String(blocker.port)]);
      // The first projects were already created (and their keys printed) when binding failed.
      expectOneLineError({ ...result, stdout: '' }, /cannot listen on 127\.0\.0\.1:\d+/);
      expect((await callApi(`http://127.0.0.1:${blocker.port}`, 'GET', '/')).text).toBe('busy');
    } finally {
      await blocker.stop(true);
    }
  });
});
