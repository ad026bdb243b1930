// `authd doctor`: a deliberately broken deployment (development mode, no SMTP, the key file
// readable by others, localhost allowed as a redirect target) gives its failing lines and exit
// status 1; a good one (production, a real SMTP server accepting the sender, key mode 600, a
// trusted https domain, a fresh backup) exits 0. Both with --json too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, runCli, runCliProcess, startTestInstance } from '../support/instance';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { updateProject } from '../../server/core/projects/projects';
import { dropTestDatabase, ensurePostgres } from '../../scripts/ensure-postgres';
import { saveCertificate } from '../../server/core/certificates/certificate-manager';
import { fileCertificateStore } from '../../server/core/certificates/certificate-store';
import { writeSelfSignedCertificate } from '../support/pebble';

interface Check {
  check: string;
  status: 'ok' | 'warn' | 'fail';
  message: string;
}

/** The report's lines as {status, check, message}, from the text output. */
function reportLines(stdout: string): Check[] {
  return stdout
    .trim()
    .split('\n')
    .slice(0, -1)
    .map((line) => {
      const match = /^(ok|warn|fail) +([^:]+): (.*)$/.exec(line);
      if (!match) throw new Error(`not a report line: ${line}`);
      return { status: match[1] as Check['status'], check: match[2]!, message: match[3]! };
    });
}

const statusOf = (checks: Check[], check: string) => checks.find((c) => c.check === check)?.status;

describe('a broken deployment', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = makeTempDir();
    // A development instance as it comes: the demo project allows localhost, no SMTP server.
    const instance = await startTestInstance({ dataDir });
    await instance.stop();
    chmodSync(join(dataDir, 'authd.key'), 0o644);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('fails on the mode, SMTP, the key file, the public URL and localhost, and exits 1', async () => {
    const result = await runCliProcess(['doctor', '--data', dataDir]);
    expect(result.code).toBe(1);
    const checks = reportLines(result.stdout);
    expect(checks.find((c) => c.check === 'mode')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('--production'),
    });
    expect(checks.find((c) => c.check === 'smtp')).toMatchObject({ status: 'fail', message: expect.stringContaining('--smtp') });
    expect(checks.find((c) => c.check === 'instance_key')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(`readable by others (mode 644): chmod 600 ${join(dataDir, 'authd.key')}`),
    });
    expect(statusOf(checks, 'public_url')).toBe('fail');
    const localhost = checks.filter((c) => c.check.startsWith('project ') && c.message.includes('Localhost is allowed'));
    expect(localhost.length).toBeGreaterThan(0);
    expect(localhost.every((c) => c.status === 'fail')).toBe(true);
    expect(statusOf(checks, 'data_directory')).toBe('ok');
    expect(statusOf(checks, 'database')).toBe('ok');
    expect(checks.find((c) => c.check === 'backup')).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('--backups'),
    });
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ to fix, \d+ to look at/);
  });

  test('--json: {ok: false, checks: [{check, status, message}]} on stdout, the same checks', async () => {
    const text = await runCli(['doctor', '--data', dataDir]);
    const json = await runCli(['doctor', '--data', dataDir, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { ok: boolean; checks: Check[] };
    expect(report.ok).toBe(false);
    expect(Object.keys(report)).toEqual(['ok', 'checks']);
    for (const check of report.checks) expect(Object.keys(check)).toEqual(['check', 'status', 'message']);
    // The clock line names the moment it was read; every other line is the text report's.
    const withoutClock = (checks: Check[]) => checks.filter((c) => c.check !== 'clock');
    expect(withoutClock(report.checks)).toEqual(withoutClock(reportLines(text.stdout)));
  });

  test('a key file that holds no key is a failing database line, not a crash', async () => {
    const keyFile = join(dataDir, 'authd.key');
    const key = readFileSync(keyFile);
    writeFileSync(keyFile, 'not a key\n');
    try {
      const result = await runCli(['doctor', '--data', dataDir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe('');
      expect(reportLines(result.stdout).find((c) => c.check === 'database')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('cannot be opened'),
      });
    } finally {
      writeFileSync(keyFile, key);
    }
  });

  test('a world-writable data directory fails; a missing one is one line', async () => {
    chmodSync(dataDir, 0o777);
    try {
      const result = await runCli(['doctor', '--data', dataDir]);
      expect(reportLines(result.stdout).find((c) => c.check === 'data_directory')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('open to all users (mode 777): chmod 700'),
      });
    } finally {
      chmodSync(dataDir, 0o700);
    }
    const missing = await runCli(['doctor', '--data', join(dataDir, 'nothing-here')]);
    expect(missing.code).toBe(1);
    const checks = reportLines(missing.stdout);
    expect(statusOf(checks, 'data_directory')).toBe('fail');
    expect(statusOf(checks, 'instance_key')).toBeUndefined();
    expect(statusOf(checks, 'database')).toBe('fail');
    expect(existsSync(join(dataDir, 'nothing-here'))).toBe(false);
  });
});

describe('a good deployment', () => {
  let dataDir: string, backups: string, smtp: SmtpReceiver;
  const goodArgs = () => [
    'doctor',
    '--data',
    dataDir,
    '--production',
    '--smtp',
    smtp.url,
    '--mail-from',
    'auth@example.com',
    '--public-url',
    'https://auth.example.com',
    '--backups',
    backups,
  ];

  beforeAll(async () => {
    dataDir = makeTempDir();
    backups = makeTempDir();
    smtp = await startSmtpReceiver({ acceptsSender: (address) => address === 'auth@example.com' });
    const instance = await startTestInstance({ dataDir, mode: 'production', settings: { smtpUrl: smtp.url } });
    await updateProject(instance.ctx, 'internal', {
      is_production_mode: true,
      config: {
        allow_localhost: false,
        domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }],
        oauth_providers: [
          { id: 'github', type: 'standard', enabled: true, client_id: 'github-app-id', client_secret: 'github-app-secret' },
        ],
      },
    });
    await instance.stop();
    mkdirSync(backups, { recursive: true });
    writeFileSync(join(backups, 'authd-nightly.db'), 'a backup');
  });
  afterAll(async () => {
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backups, { recursive: true, force: true });
  });

  test('exits 0 with every check ok, SMTP tried for real and nothing sent', async () => {
    const result = await runCliProcess(goodArgs());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const checks = reportLines(result.stdout);
    expect(checks.filter((c) => c.status !== 'ok')).toEqual([]);
    expect(checks.find((c) => c.check === 'smtp')?.message).toBe(
      `${new URL(smtp.url).host} answers and accepts mail from auth@example.com`,
    );
    expect(checks.find((c) => c.check === 'instance_key')?.message).toContain('(mode 600)');
    expect(checks.find((c) => c.check === 'project internal')?.message).toContain('https://app.example.com');
    expect(checks.find((c) => c.check === 'backup')?.message).toMatch(/^newest backup authd-nightly\.db, 0\.\d hours old$/);
    expect(checks.find((c) => c.check === 'oauth internal github')?.message).toBe(
      'register this callback URL with github: https://auth.example.com/api/v1/auth/oauth/callback/github',
    );
    expect(smtp.messages).toHaveLength(0);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('Nothing to fix.');
  });

  test('with --domain: the certificate not ordered yet is a warning, and the domain is the public URL', async () => {
    const args = goodArgs().filter((arg, i, all) => arg !== '--public-url' && all[i - 1] !== '--public-url');
    const result = await runCli([...args, '--domain', 'auth.example.org']);
    expect(result.code).toBe(0);
    const checks = reportLines(result.stdout);
    expect(checks.find((c) => c.check === 'certificate')).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('no certificate for auth.example.org yet'),
    });
    expect(checks.find((c) => c.check === 'public_url')?.message).toStartWith('https://auth.example.org ');
  });

  test('with --domain: a stored certificate with 60 days left is ok, one with 3 days left fails', async () => {
    const args = goodArgs().filter((arg, i, all) => arg !== '--public-url' && all[i - 1] !== '--public-url');
    for (const [domain, days, status, text] of [
      ['fresh.example.org', 60, 'ok', /^the certificate for fresh\.example\.org expires \d{4}-\d\d-\d\d \((59|60) days\)$/],
      ['stale.example.org', 3, 'fail', /expires .* \([23] days\): renewal is failing/],
    ] as const) {
      const folder = makeTempDir();
      await writeSelfSignedCertificate({
        certificateFile: join(folder, 'cert.pem'),
        keyFile: join(folder, 'key.pem'),
        days,
        commonName: domain,
        subjectAltName: `DNS:${domain}`,
      });
      const instance = await startTestInstance({ dataDir, mode: 'production', settings: { smtpUrl: smtp.url } });
      await saveCertificate(instance.ctx, fileCertificateStore(join(dataDir, 'certificates')), [domain], {
        certificatePem: readFileSync(join(folder, 'cert.pem'), 'utf8'),
        privateKeyPem: readFileSync(join(folder, 'key.pem'), 'utf8'),
      });
      await instance.stop();
      rmSync(folder, { recursive: true, force: true });
      const result = await runCli([...args, '--domain', domain]);
      expect(result.code).toBe(status === 'ok' ? 0 : 1);
      const line = reportLines(result.stdout).find((c) => c.check === 'certificate');
      expect(line?.status).toBe(status);
      expect(line?.message).toMatch(text);
    }
  });

  test('--json says ok: true', async () => {
    const result = await runCli([...goodArgs(), '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { ok: boolean; checks: Check[] };
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.check)).toContain('smtp');
  });

  test('a sender the SMTP server refuses, an old backup and an unreachable server are named', async () => {
    const refused = await runCli(goodArgs().map((arg) => (arg === 'auth@example.com' ? 'someone@elsewhere.example' : arg)));
    expect(refused.code).toBe(1);
    expect(reportLines(refused.stdout).find((c) => c.check === 'smtp')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('refused MAIL FROM:<someone@elsewhere.example>'),
    });

    const twoDaysAgo = (Date.now() - 2 * 24 * 60 * 60 * 1000) / 1000;
    utimesSync(join(backups, 'authd-nightly.db'), twoDaysAgo, twoDaysAgo);
    const closedPort = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const unusedPort = closedPort.port;
    closedPort.stop(true);
    const result = await runCli(goodArgs().map((arg) => (arg === smtp.url ? `smtp://127.0.0.1:${unusedPort}` : arg)));
    expect(result.code).toBe(1);
    const checks = reportLines(result.stdout);
    expect(checks.find((c) => c.check === 'backup')).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('is 2 days old'),
    });
    expect(checks.find((c) => c.check === 'smtp')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(`127.0.0.1:${unusedPort}`),
    });
  });
});

describe('a PostgreSQL deployment', () => {
  test('reachable: schema level, the clock against the server, the key from the environment; unreachable: one failing line', async () => {
    // The instance key of a PostgreSQL deployment comes from the environment.
    process.env.AUTHD_INSTANCE_KEY ??= Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
    const url = await ensurePostgres('authd_doctor');
    const smtp = await startSmtpReceiver();
    try {
      const instance = await startTestInstance({ databaseUrl: url, mode: 'production', settings: { smtpUrl: smtp.url } });
      await updateProject(instance.ctx, 'internal', {
        is_production_mode: true,
        config: { allow_localhost: false, domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }] },
      });
      await instance.stop();
      const result = await runCli([
        'doctor',
        '--database',
        url,
        '--production',
        '--smtp',
        smtp.url,
        '--public-url',
        'https://auth.example.com',
      ]);
      const checks = reportLines(result.stdout);
      expect(checks.find((c) => c.check === 'database')).toMatchObject({
        status: 'ok',
        message: expect.stringMatching(/reachable, schema current \(\d+ migrations\)$/),
      });
      expect(checks.find((c) => c.check === 'clock')).toMatchObject({
        status: 'ok',
        message: expect.stringMatching(/^-?\d+\.\d s from the PostgreSQL server's clock$/),
      });
      expect(checks.find((c) => c.check === 'instance_key')).toMatchObject({
        status: 'ok',
        message: expect.stringContaining('from AUTHD_INSTANCE_KEY'),
      });
      expect(statusOf(checks, 'data_directory')).toBeUndefined();
      // Backups are the only thing left to look at; nothing fails.
      expect(checks.filter((c) => c.status !== 'ok').map((c) => c.check)).toEqual(['backup']);
      expect(result.code).toBe(0);

      const closed = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
      const unusedPort = closed.port;
      closed.stop(true);
      const unreachable = await runCli([
        'doctor',
        '--database',
        `postgres://authd:secret@127.0.0.1:${unusedPort}/authd`,
        '--timeout',
        '3',
      ]);
      expect(unreachable.code).toBe(1);
      const line = reportLines(unreachable.stdout).find((c) => c.check === 'database');
      expect(line).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(`postgres://authd:***@127.0.0.1:${unusedPort}/authd`),
      });
      expect(unreachable.stdout).not.toContain('authd:secret@');

      // A server that takes the connection and never answers: each network check gives up after --timeout.
      const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
      try {
        const stalled = await runCli([
          'doctor',
          '--database',
          `postgres://authd:secret@127.0.0.1:${silent.port}/authd`,
          '--smtp',
          `smtp://127.0.0.1:${silent.port}`,
          '--timeout',
          '1',
        ]);
        expect(stalled.code).toBe(1);
        const stalledChecks = reportLines(stalled.stdout);
        expect(stalledChecks.find((c) => c.check === 'database')?.message).toContain('no answer within 1 s');
        expect(stalledChecks.find((c) => c.check === 'smtp')).toMatchObject({
          status: 'fail',
          message: expect.stringContaining(`127.0.0.1:${silent.port}`),
        });
      } finally {
        silent.stop(true);
      }
    } finally {
      await smtp.stop();
      await dropTestDatabase(url);
    }
  });
});
