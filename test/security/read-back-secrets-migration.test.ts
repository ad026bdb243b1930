// The start-up data migration of the sealing policy: a database written by an older authd, with
// SMTP passwords, OAuth client secrets, signing keys, TOTP secrets, webhook secrets and email
// bodies in plain text, is sealed when authd next opens it; the app reads every value as before;
// delivered bodies are dropped; nothing plain is left in the files; a second run changes nothing.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { getProjectSigningKey } from '../../server/core/auth/signing-keys';
import { readBackSecretColumns, sealPlainReadBackSecrets } from '../../server/core/storage/read-back-secrets';
import { openSecret } from '../../server/core/storage/secret-box';
import { makeTempDir, startTestInstance, type TestInstance } from '../support/instance';
import { as, call, expectOk, goodPassword, makeProject, signUp, uniqueEmail } from '../support/user-views';

const plain = {
  smtpPassword: 'plain-smtp-password-7f3a',
  clientSecret: 'plain-oauth-client-secret-91c2',
  totpSecret: Buffer.from('0123456789abcdefghij').toString('base64'),
  webhookSecret: 'whsec_plainwebhooksecret0000',
  pendingBody: 'https://app.example.com/verify?code=plainpendingcode000000000000',
  sentBody: 'https://app.example.com/reset?code=plainsentcode00000000000000000',
  subject: 'Sign in: Your code is PLN123',
};
let privateD: string, keyId: string;

const dataDir = makeTempDir('authd-migration-');
let t: TestInstance, project: BootstrappedProject, userId: string;

beforeAll(async () => {
  // An "old" database: made by today's authd, then its secrets written back in plain text, as an
  // authd from before the sealing policy stored them, and the migration marked as not yet run.
  const old = await startTestInstance({ dataDir });
  project = await makeProject(old, 'Migrated');
  userId = (await signUp(old, project, uniqueEmail('migrated'), goodPassword)).user_id;
  const pair = await generateKeyPair('ES256', { extractable: true });
  keyId = 'plainkey0001';
  const privateJwk = { ...(await exportJWK(pair.privateKey)), kid: keyId, alg: 'ES256' };
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: keyId, alg: 'ES256', use: 'sig' };
  privateD = privateJwk.d!;
  const db = old.sqlite;
  db.run('DELETE FROM project_signing_keys WHERE project_id = ?', [project.projectId]);
  db.run('INSERT INTO project_signing_keys (key_id, project_id, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?, ?)', [
    keyId,
    project.projectId,
    JSON.stringify(privateJwk),
    JSON.stringify(publicJwk),
    Date.now(),
  ]);
  db.run(
    `UPDATE project_email_configs SET type = 'standard', host = '127.0.0.1', port = 2525, username = 'mailer', password = ?, sender_name = 'M', sender_email = 'm@example.com' WHERE project_id = ?`,
    [plain.smtpPassword, project.projectId],
  );
  db.run(
    `INSERT INTO project_oauth_providers (project_id, provider_id, enabled, type, client_id, client_secret) VALUES (?, 'github', 1, 'standard', 'client-id', ?)`,
    [project.projectId, plain.clientSecret],
  );
  db.run('UPDATE users SET totp_secret_base64 = ? WHERE id = ?', [plain.totpSecret, userId]);
  db.run(
    `INSERT INTO webhook_endpoints (id, project_id, url, secret_sealed, created_at) VALUES (?, ?, 'https://hooks.example.com/x', ?, ?)`,
    [crypto.randomUUID(), project.projectId, plain.webhookSecret, Date.now()],
  );
  for (const [status, body] of [
    ['pending', plain.pendingBody],
    ['sent', plain.sentBody],
  ] as const) {
    db.run(
      `INSERT INTO email_messages (id, project_id, recipient, subject, html, text, status, attempts, next_attempt_at, created_at) VALUES (?, ?, 'someone@example.com', ?, ?, ?, ?, 0, ?, ?)`,
      // Far in the future: the delivery worker of the reopened instance must leave it queued.
      [crypto.randomUUID(), project.projectId, plain.subject, `<p>${body}</p>`, body, status, Date.now() + 3_600_000, Date.now()],
    );
  }
  db.run(`DELETE FROM schema_migrations WHERE tag = 'data:seal_read_back_secrets'`);
  await old.stop();
  t = await startTestInstance({ dataDir });
});
afterAll(async () => {
  await t.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function column(table: string, name: string, where = '1 = 1'): string[] {
  return (t.sqlite.query(`select "${name}" as v from "${table}" where ${where}`).all() as { v: string | null }[])
    .map((row) => row.v)
    .filter((v): v is string => v !== null && v !== '');
}

test('every value in the policy columns is sealed after the restart', () => {
  for (const { table, column: name } of readBackSecretColumns) {
    for (const value of column(table, name)) expect(() => openSecret(t.ctx, value)).not.toThrow();
  }
});

test('the app reads the sealed values as before', async () => {
  const admin = expectOk(await call(t, 'GET', '/projects/current', { headers: as(project, 'admin') }));
  expect(admin.config.email_config.password).toBe(plain.smtpPassword);
  const github = admin.config.oauth_providers.find((p: { id: string }) => p.id === 'github');
  expect(github.client_secret).toBe(plain.clientSecret);
  expect((await getProjectSigningKey(t.ctx, project.projectId)).keyId).toBe(keyId);
  expect(openSecret(t.ctx, column('users', 'totp_secret_base64', `id = '${userId}'`)[0]!)).toBe(plain.totpSecret);
  expect(openSecret(t.ctx, column('webhook_endpoints', 'secret_sealed')[0]!)).toBe(plain.webhookSecret);
});

test('a queued body is sealed, a delivered one dropped; both keep their sealed subject', () => {
  const rows = t.sqlite
    .query(`select status, subject, text, html from email_messages where recipient = 'someone@example.com'`)
    .all() as {
    status: string;
    subject: string;
    text: string;
    html: string;
  }[];
  const pending = rows.find((r) => r.status === 'pending')!;
  const sent = rows.find((r) => r.status === 'sent')!;
  expect(openSecret(t.ctx, pending.text)).toBe(plain.pendingBody);
  expect(openSecret(t.ctx, pending.subject)).toBe(plain.subject);
  expect([sent.text, sent.html]).toEqual(['', '']);
  expect(openSecret(t.ctx, sent.subject)).toBe(plain.subject);
});

test('no plain value is left in the database file, its -wal or its -shm', () => {
  t.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)');
  const needles = [...Object.values(plain), privateD];
  for (const suffix of ['', '-wal', '-shm']) {
    const path = join(dataDir, `authd.db${suffix}`);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    for (const needle of needles)
      expect({ file: suffix, found: bytes.includes(Buffer.from(needle)) }).toEqual({ file: suffix, found: false });
  }
});

test('running it again seals nothing and changes nothing', () => {
  const before = column('project_email_configs', 'password');
  t.sqlite.run(`DELETE FROM schema_migrations WHERE tag = 'data:seal_read_back_secrets'`);
  expect(sealPlainReadBackSecrets({ sqlite: t.sqlite, secretKey: t.ctx.secretKey }).sealed).toBe(0);
  expect(column('project_email_configs', 'password')).toEqual(before);
  expect(sealPlainReadBackSecrets({ sqlite: t.sqlite, secretKey: t.ctx.secretKey }).sealed).toBe(0);
});
