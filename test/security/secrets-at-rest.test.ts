// Secrets at rest: after every kind of secret authd keeps has been created (API keys, refresh
// tokens, passwords, a TOTP secret, provider tokens, a webhook secret, an SMTP password, an OAuth
// client secret, signing keys) and every kind of email sent (verification, reset, magic link,
// invitation) through a real SMTP receiver, none of their plain texts appears in the bytes of
// the database file, its -wal or its -shm, before and after a checkpoint.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JWK } from 'jose';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { getProjectSigningKey } from '../../server/core/auth/signing-keys';
import { openSecret } from '../../server/core/storage/secret-box';
import { startTestInstance, type TestInstance } from '../support/instance';
import { codeFromEmail, startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { as, call, expectOk, makeProject, pollUntil, queuedMessages, uniqueEmail } from '../support/mail';
import {
  codeExchangeFields,
  providerOAuthSettings,
  runFlow,
  startTestProvider,
  tokenRequest,
  type TestProvider,
} from '../support/oauth-provider';
import { newTotpSecret, setTotpSecretAsClient } from '../support/totp';
import { createTeam, sendTeamInvitation } from '../support/teams';
import { receiveMagicLink } from '../support/magic-links';

let provider: TestProvider, smtp: SmtpReceiver, t: TestInstance, project: BootstrappedProject;
/** Every plain text that must not be stored, by what it is. */
const secrets: Record<string, string> = {};
const unique = (what: string) => `${what}-${crypto.randomUUID()}`;
const callback = (page: string) => `http://localhost:3000/handler/${page}`;
/** PATCH /projects/current with the admin key (the answer hides the secrets, so it is not compared). */
const patchConfig = async (target: BootstrappedProject, config: Record<string, unknown>) =>
  expectOk(await call(t, 'PATCH', '/projects/current', { headers: as(target, 'admin'), body: { config } }));

beforeAll(async () => {
  provider = await startTestProvider();
  smtp = await startSmtpReceiver();
  t = await startTestInstance({ settings: { smtpUrl: smtp.url, oauth: providerOAuthSettings(provider) } });
  project = await makeProject(t, 'At rest');
  secrets['publishable client key'] = project.keys.publishable_client_key!;
  secrets['secret server key'] = project.keys.secret_server_key!;
  secrets['super secret admin key'] = project.keys.super_secret_admin_key!;

  secrets['OAuth client secret'] = unique('oauth-client-secret');
  await patchConfig(project, {
    magic_link_enabled: true,
    oauth_providers: [
      {
        id: 'google',
        enabled: true,
        type: 'standard',
        client_id: 'at-rest-client',
        client_secret: secrets['OAuth client secret'],
      },
    ],
  });
  // A second project with its own mail server: only its stored password matters here.
  const ownSmtp = await makeProject(t, 'Own SMTP');
  secrets['SMTP password'] = unique('smtp-password');
  await patchConfig(ownSmtp, {
    email_config: {
      type: 'standard',
      host: '127.0.0.1',
      port: 2525,
      username: 'mailer',
      password: secrets['SMTP password'],
      sender_name: 'Own',
      sender_email: 'own@example.com',
    },
  });

  // A password sign-up with its verification email.
  const email = uniqueEmail('rest');
  secrets.password = unique('password');
  const signedUp = expectOk(
    await call(t, 'POST', '/auth/password/sign-up', {
      headers: as(project, 'client'),
      body: { email, password: secrets.password, verification_callback_url: callback('email-verification') },
    }),
  );
  secrets['refresh token'] = signedUp.refresh_token;
  secrets['verification code'] = codeFromEmail(await smtp.waitFor(email, (m) => m.subject.startsWith('Verify')));

  expectOk(
    await call(t, 'POST', '/auth/password/send-reset-code', {
      headers: as(project, 'client'),
      body: { email, callback_url: callback('password-reset') },
    }),
  );
  secrets['reset code'] = codeFromEmail(await smtp.waitFor(email, (m) => m.subject.startsWith('Reset')));

  const magicEmail = uniqueEmail('magic');
  expectOk(
    await call(t, 'POST', '/auth/otp/send-sign-in-code', {
      headers: as(project, 'client'),
      body: { email: magicEmail, callback_url: callback('magic-link-callback') },
    }),
  );
  const magic = await receiveMagicLink(smtp, magicEmail);
  secrets['magic-link code'] = magic.code;
  secrets['magic-link typed code'] = magic.typed;

  const team = await createTeam(t, project, { display_name: 'Rest team' });
  const invitee = uniqueEmail('invitee');
  await sendTeamInvitation(t, project, team.id, invitee, callback('team-invitation'));
  secrets['invitation code'] = codeFromEmail(await smtp.waitFor(invitee));

  const endpoint = expectOk(
    await call(t, 'POST', '/webhooks/endpoints', {
      headers: as(project, 'admin'),
      body: { url: 'http://127.0.0.1:9/hook' },
    }),
    201,
  );
  secrets['webhook secret'] = endpoint.secret;

  // A sign-in with Google (the real OAuth server), which keeps the provider's tokens.
  provider.signedIn = { sub: unique('sub'), email: uniqueEmail('google') };
  const flow = await runFlow(t, project);
  const exchanged = await tokenRequest(t, codeExchangeFields(project, flow, flow.landing.searchParams.get('code')!));
  expect(exchanged.status).toBe(200);
  // The sealed client secret was opened for the provider's token endpoint.
  expect(provider.tokenRequests.at(-1)!.client_secret).toBe(secrets['OAuth client secret']);
  secrets['provider access token'] = provider.issuedAccessTokens.at(-1)!;
  secrets['provider refresh token'] = provider.issuedRefreshTokens.at(-1)!;

  const totp = newTotpSecret();
  expectOk(await setTotpSecretAsClient(t, project, signedUp.access_token, totp.base64));
  secrets['TOTP secret'] = totp.base64;

  const signing = await getProjectSigningKey(t.ctx, project.projectId);
  const row = t.sqlite.query('select private_jwk from project_signing_keys where key_id = ?').get(signing.keyId) as {
    private_jwk: string;
  };
  secrets['signing key'] = (JSON.parse(openSecret(t.ctx, row.private_jwk)) as JWK).d!;

  // Every message delivered: the delivery worker has dropped the bodies it sent.
  for (const recipient of [email, magicEmail, invitee]) {
    const rows = await pollUntil(
      () => queuedMessages(t, recipient),
      (all) => all.length > 0 && all.every((m) => m.status === 'sent'),
    );
    expect(rows.every((m) => m.status === 'sent')).toBe(true);
  }
});

afterAll(async () => {
  await t?.stop();
  await smtp?.stop();
  await provider?.stop();
});

function plainTextsFound(): string[] {
  const found: string[] = [];
  for (const suffix of ['', '-wal', '-shm']) {
    const path = join(t.dataDir, `authd.db${suffix}`);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    for (const [what, plain] of Object.entries(secrets)) {
      if (bytes.includes(Buffer.from(plain))) found.push(`${what} in authd.db${suffix}`);
    }
  }
  return found;
}

test('every kind of secret was created', () => {
  expect(Object.keys(secrets).length).toBe(17);
  for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThanOrEqual(6);
});

test('no plain text in the database, its -wal or its -shm', () => {
  expect(existsSync(join(t.dataDir, 'authd.db-wal'))).toBe(true);
  expect(plainTextsFound()).toEqual([]);
});

test('nor after a checkpoint has moved the WAL into the database file', () => {
  t.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)');
  expect(plainTextsFound()).toEqual([]);
});
