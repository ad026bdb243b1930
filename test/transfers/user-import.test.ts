// `authd users import` of each source format's fixture into a real instance: the report, the
// original passwords signing in through the API (then rehashed to argon2id), the imported
// Google identity signing in through the OAuth server onto the same user, a second run that
// changes nothing, and export → import → export giving the same bytes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectKnownError, makeProject } from '../support/api-expectations';
import { signIn, signInCall } from '../support/accounts';
import { cliJson, cliOk, expectOneLineError, runCli } from '../support/cli';
import { startTestInstance, type TestInstance } from '../support/instance';
import {
  codeExchangeFields,
  makeOAuthProject,
  runFlow,
  startOAuthInstance,
  startTestProvider,
  tokenRequest,
  type TestProvider,
} from '../support/oauth-provider';
import { formatCases as cases, fixture } from './format-cases';

let provider: TestProvider, t: TestInstance;
const projects = new Map<string, BootstrappedProject>();

beforeAll(async () => {
  provider = await startTestProvider();
  t = await startOAuthInstance(provider);
});

afterAll(async () => {
  await t?.stop();
  await provider?.stop();
});

const importArgs = (instance: TestInstance, project: BootstrappedProject, file: string, format: string, flags: string[] = []) => [
  'users', 'import', file, '--format', format, '--project', project.projectId, ...instance.databaseArgs, ...flags,
];
const exportText = (instance: TestInstance, project: BootstrappedProject, format = 'jsonl') =>
  cliOk(['users', 'export', '--project', project.projectId, '--format', format, '--include-password-hashes', ...instance.databaseArgs]);

async function userIdOf(project: BootstrappedProject, email: string): Promise<string> {
  const rows = await t.rows(
    'select u.id from users u join contact_channels c on c.user_id = u.id where u.project_id = ? and c.value = ? and c.is_primary = ?',
    project.projectId, email, t.ctx.storage.dialect === 'sqlite' ? 1 : true,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.id as string;
}

for (const c of cases) {
  describe(`import from ${c.format}`, () => {
    test('the report counts imported users and names each refused line', async () => {
      const project = await makeOAuthProject(t, `import ${c.format}`);
      projects.set(c.format, project);
      let imported = 0;
      const refused: number[] = [];
      for (const file of c.files) {
        const report = await cliJson(importArgs(t, project, fixture(file), c.format, c.flags));
        expect(report.dry_run).toBe(false);
        imported += report.imported;
        refused.push(...report.refused.map((r: { line: number; reason: string }) => (expect(r.reason).not.toBe(''), r.line)));
      }
      expect(imported).toBe(c.imported);
      expect(refused).toEqual(c.refusedLines);
    });

    test('each user signs in with the original password, which is then rehashed with argon2id', async () => {
      const project = projects.get(c.format)!;
      for (const [email, password] of c.passwords) {
        const id = await userIdOf(project, email);
        expectKnownError(await signInCall(t, project, email, `${password}-wrong`), 400, 'EMAIL_PASSWORD_MISMATCH');
        const signedIn = await signIn(t, project, email, password);
        expect(signedIn.user_id).toBe(id);
        const [row] = await t.rows('select password_hash from users where id = ?', id);
        expect(row!.password_hash as string).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$');
        // The new hash still takes the same password.
        expect((await signIn(t, project, email, password)).user_id).toBe(id);
      }
    });

    test('the imported Google identity signs in through the provider onto the same user', async () => {
      const project = projects.get(c.format)!;
      const id = await userIdOf(project, c.google.email);
      provider.signedIn = { sub: c.google.sub, email: c.google.email };
      const flow = await runFlow(t, project);
      const code = flow.landing.searchParams.get('code')!;
      const tokens = await tokenRequest(t, codeExchangeFields(project, flow, code));
      expect(tokens.status).toBe(200);
      expect(tokens.json.is_new_user).toBe(false);
      const me = await call(t, 'GET', '/users/me', { headers: as(project, 'client', tokens.json.access_token) });
      expect(me.json.id).toBe(id);
    });

    test('a second run of the same files changes nothing', async () => {
      const project = projects.get(c.format)!;
      const before = await exportText(t, project);
      for (const file of c.files) {
        const report = await cliJson(importArgs(t, project, fixture(file), c.format, c.flags));
        expect(report.imported).toBe(0);
        expect(report.skipped).toBeGreaterThan(0);
      }
      expect(await exportText(t, project)).toBe(before);
    });
  });
}

describe('carried fields', () => {
  test('Auth0: names, picture, metadata, times and verification', async () => {
    const project = projects.get('auth0')!;
    const view = (await call(t, 'GET', `/users/${await userIdOf(project, 'ada.bcrypt@auth0.example.com')}`, { headers: as(project, 'server') })).json;
    expect(view).toMatchObject({
      display_name: 'Ada Lovelace',
      profile_image_url: 'https://s.gravatar.com/avatar/ada.png',
      primary_email_verified: true,
      client_metadata: { theme: 'dark' },
      server_metadata: { plan: 'pro', roles: ['admin'] },
      signed_up_at_millis: Date.parse('2021-03-04T10:11:12.000Z'),
    });
  });

  test('Supabase: a verified TOTP factor makes sign-in ask for the second factor', async () => {
    const project = projects.get('supabase')!;
    const res = await signInCall(t, project, 'barbara.totp@supabase.example.com', 'bcrypt-pass-1');
    expect(res.headers.get('x-stack-known-error')).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
  });

  test('Clerk: the three metadata kinds and the other addresses', async () => {
    const project = projects.get('clerk')!;
    const view = (await call(t, 'GET', `/users/${await userIdOf(project, 'radia.google@clerk.example.com')}`, { headers: as(project, 'server') })).json;
    expect(view).toMatchObject({
      display_name: 'Radia Perlman',
      client_metadata: { onboarded: true },
      client_read_only_metadata: { role: 'engineer' },
      server_metadata: { stripe_id: 'cus_123' },
    });
    const exported = (await exportText(t, project)).trim().split('\n').map((line) => JSON.parse(line));
    expect(exported.find((r) => r.primary_email === 'edsger.bcrypt@clerk.example.com').other_emails).toEqual([
      { email: 'edsger.work@clerk.example.com', verified: true, used_for_auth: false },
    ]);
  });
});

describe('export', () => {
  test('without --include-password-hashes no hash or TOTP secret leaves', async () => {
    const text = await cliOk(['users', 'export', '--project', projects.get('supabase')!.projectId, ...t.databaseArgs]);
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('totp_secret');
    expect(text.trim().split('\n')).toHaveLength(3);
  });

  test('export → import into a fresh instance → export gives the same bytes, in JSONL and through CSV', async () => {
    const other = await startTestInstance();
    try {
      for (const format of ['supabase', 'clerk', 'jsonl']) {
        const source = projects.get(format)!;
        const exported = await exportText(t, source);
        const csv = await exportText(t, source, 'csv');
        const dir = other.dataDir;
        const jsonlFile = join(dir, `${format}.jsonl`);
        const csvFile = join(dir, `${format}.csv`);
        await Bun.write(jsonlFile, exported);
        await Bun.write(csvFile, csv);
        const fromJsonl = await makeProject(other, `from ${format} jsonl`);
        expect((await cliJson(importArgs(other, fromJsonl, jsonlFile, 'jsonl'))).refused).toEqual([]);
        expect(await exportText(other, fromJsonl)).toBe(exported);
        const fromCsv = await makeProject(other, `from ${format} csv`);
        // Another project of the same instance: the ids are taken, so they become external ids.
        const csvReport = await cliJson(importArgs(other, fromCsv, csvFile, 'csv'));
        expect(csvReport.refused).toEqual([]);
        expect(csvReport.imported).toBe(exported.trim().split('\n').length);
      }
      const jsonlProject = await makeProject(other, 'sign-in after the round trip');
      const file = join(other.dataDir, 'jsonl.jsonl');
      await cliJson(importArgs(other, jsonlProject, file, 'jsonl'));
      expect((await signIn(other, jsonlProject, 'claude.scrypt@authd.example.com', 'scrypt-pass-1')).user_id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await other.stop();
    }
  });

  test('--dry-run reports the same and writes nothing', async () => {
    const project = await makeProject(t, 'dry run');
    const report = await cliJson(importArgs(t, project, fixture('auth0-users.ndjson'), 'auth0', ['--dry-run']));
    expect(report).toMatchObject({ dry_run: true, imported: 4, skipped: 0, refused_count: 1 });
    expect(await t.rows('select id from users where project_id = ?', project.projectId)).toEqual([]);
  });

  test('an unknown format is refused by name, for import and export, and writes nothing', async () => {
    const project = await makeProject(t, 'unknown format');
    const imported = await runCli(importArgs(t, project, fixture('auth0-users.ndjson'), 'okta'));
    expectOneLineError(imported, /^authd: Unknown import format "okta": use auth0, supabase, clerk, firebase, stack, jsonl or csv\.$/);
    const exported = await runCli(['users', 'export', '--project', project.projectId, '--format', 'xml', ...t.databaseArgs]);
    expectOneLineError(exported, /^authd: Unknown export format "xml": use jsonl or csv\.$/);
    expect(await t.rows('select id from users where project_id = ?', project.projectId)).toEqual([]);
  });
});
