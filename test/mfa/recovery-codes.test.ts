// MFA recovery codes through real HTTP: ten codes made for a user with TOTP on, shown once and
// stored only as keyed digests; each signs in once in place of a TOTP code (in the same `totp`
// field the SDK sends), the answer says how many are left; a new set voids the old one; turning
// TOTP off removes them; clients act only on themselves.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import {
  as,
  call,
  expectInvalidTotp,
  expectMfaRequired,
  expectOk,
  expectTextError,
  getMe,
  makeProject,
  mfaSignIn,
  newTotpSecret,
  setTotpSecretAsClient,
  setTotpSecretAsServer,
  signInCall,
  signUp,
  totpAt,
  type SignedIn,
  type TotpSecret,
} from '../support/totp';
import { withInstance } from '../support/file-instance';

let t: TestInstance;

withInstance((started) => ({ t } = started));

async function userWithTotp(name: string): Promise<{ project: BootstrappedProject; user: SignedIn; secret: TotpSecret }> {
  const project = await makeProject(t, name);
  const user = await signUp(t, project, { callbackUrl: null });
  const secret = newTotpSecret();
  expectOk(await setTotpSecretAsClient(t, project, user.access_token, secret.base64));
  return { project, user, secret };
}

function makeCodes(project: BootstrappedProject, accessToken: string) {
  return call(t, 'POST', '/auth/mfa/recovery-codes', { headers: as(project, 'client', accessToken), body: { user_id: 'me' } });
}

function codesLeft(project: BootstrappedProject, accessToken: string) {
  return call(t, 'GET', '/auth/mfa/recovery-codes?user_id=me', { headers: as(project, 'client', accessToken) });
}

async function attemptCode(project: BootstrappedProject, user: SignedIn): Promise<string> {
  return expectMfaRequired(await signInCall(t, project, user.email, user.password));
}

describe('making codes', () => {
  test('ten distinct codes of two groups of five, shown once; the database holds only keyed digests', async () => {
    const { project, user } = await userWithTotp('rc-make');
    const made = expectOk(await makeCodes(project, user.access_token));
    expect(made.remaining_count).toBe(10);
    expect(made.codes).toHaveLength(10);
    expect(new Set(made.codes).size).toBe(10);
    for (const code of made.codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(expectOk(await codesLeft(project, user.access_token))).toEqual({ remaining_count: 10 });

    const stored = await t.rows('select code_digest as digest from mfa_recovery_codes where user_id = ?', user.user_id);
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of made.codes) {
      expect(storedText).not.toContain(code.replace('-', ''));
      expect(storedText).not.toContain(new Bun.CryptoHasher('sha256').update(code.replace('-', '')).digest('hex'));
    }
  });

  test('a user without TOTP gets a plain-text 400 and no codes', async () => {
    const project = await makeProject(t, 'rc-no-totp');
    const user = await signUp(t, project, { callbackUrl: null });
    expectTextError(
      await makeCodes(project, user.access_token),
      400,
      'Turn on multi-factor authentication before making recovery codes.',
    );
    expect(expectOk(await codesLeft(project, user.access_token))).toEqual({ remaining_count: 0 });
  });

  test('a client cannot read or make codes for another user; the server can, for anyone', async () => {
    const { project, user } = await userWithTotp('rc-access');
    const other = await signUp(t, project, { callbackUrl: null });
    const refused = await call(t, 'POST', '/auth/mfa/recovery-codes', {
      headers: as(project, 'client', other.access_token),
      body: { user_id: user.user_id },
    });
    expectTextError(refused, 403);
    expectTextError(
      await call(t, 'GET', `/auth/mfa/recovery-codes?user_id=${user.user_id}`, {
        headers: as(project, 'client', other.access_token),
      }),
      403,
    );
    const byServer = expectOk(
      await call(t, 'POST', '/auth/mfa/recovery-codes', { headers: as(project, 'server'), body: { user_id: user.user_id } }),
    );
    expect(byServer.codes).toHaveLength(10);
    const read = await call(t, 'GET', `/auth/mfa/recovery-codes?user_id=${user.user_id}`, { headers: as(project, 'server') });
    expect(expectOk(read)).toEqual({ remaining_count: 10 });
  });

  test('bad input: a user_id that is neither a UUID nor "me" is a schema error', async () => {
    const { project, user } = await userWithTotp('rc-bad-input');
    const res = await call(t, 'POST', '/auth/mfa/recovery-codes', {
      headers: as(project, 'client', user.access_token),
      body: { user_id: 'nobody' },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('SCHEMA_ERROR');
  });
});

describe('signing in with a code', () => {
  test('a code in the TOTP field signs in once, typed in any case and without its hyphen; the answer counts what is left', async () => {
    const { project, user } = await userWithTotp('rc-sign-in');
    const { codes } = expectOk(await makeCodes(project, user.access_token));

    const first = expectOk(await mfaSignIn(t, project, await attemptCode(project, user), codes[0]));
    expect(first.user_id).toBe(user.user_id);
    expect(first.recovery_codes_remaining).toBe(9);
    expect((await getMe(t, project, first.access_token)).id).toBe(user.user_id);

    // Used: refused, and the attempt code stays usable for a right one.
    const attempt = await attemptCode(project, user);
    expectInvalidTotp(await mfaSignIn(t, project, attempt, codes[0]));
    const typedLoosely = codes[1].toUpperCase().replace('-', ' ');
    const second = expectOk(await mfaSignIn(t, project, attempt, typedLoosely));
    expect(second.recovery_codes_remaining).toBe(8);
    expect(expectOk(await codesLeft(project, user.access_token))).toEqual({ remaining_count: 8 });
  });

  test('a TOTP sign-in does not carry the count; a made-up code of the right shape is refused', async () => {
    const { project, user, secret } = await userWithTotp('rc-totp-still');
    expectOk(await makeCodes(project, user.access_token));
    const withTotp = expectOk(await mfaSignIn(t, project, await attemptCode(project, user), totpAt(t, secret)));
    expect('recovery_codes_remaining' in withTotp).toBe(false);
    expectInvalidTotp(await mfaSignIn(t, project, await attemptCode(project, user), 'abcde-fghjk'));
    expect(expectOk(await codesLeft(project, user.access_token))).toEqual({ remaining_count: 10 });
  });

  test('the last code answers 0 left', async () => {
    const { project, user } = await userWithTotp('rc-last');
    const { codes } = expectOk(await makeCodes(project, user.access_token));
    let last: any;
    for (const code of codes) last = expectOk(await mfaSignIn(t, project, await attemptCode(project, user), code));
    expect(last.recovery_codes_remaining).toBe(0);
    expect(expectOk(await codesLeft(project, user.access_token))).toEqual({ remaining_count: 0 });
  });

  test("a new set voids the old one; another user's code does not work", async () => {
    const { project, user } = await userWithTotp('rc-regenerate');
    const old = expectOk(await makeCodes(project, user.access_token)).codes;
    const fresh = expectOk(await makeCodes(project, user.access_token)).codes;
    expect(fresh.some((code: string) => old.includes(code))).toBe(false);
    expectInvalidTotp(await mfaSignIn(t, project, await attemptCode(project, user), old[0]));

    const second = await userWithTotp('rc-regenerate-other');
    const theirs = expectOk(await makeCodes(second.project, second.user.access_token)).codes;
    expectInvalidTotp(await mfaSignIn(t, project, await attemptCode(project, user), theirs[0]));
    expectOk(await mfaSignIn(t, project, await attemptCode(project, user), fresh[0]));
  });

  test('turning TOTP off removes the codes; turning it on again does not bring them back', async () => {
    const { project, user } = await userWithTotp('rc-disable');
    const { codes } = expectOk(await makeCodes(project, user.access_token));
    expectOk(await setTotpSecretAsServer(t, project, user.user_id, null));
    const [count] = await t.rows('select count(*) as n from mfa_recovery_codes where user_id = ?', user.user_id);
    expect(Number(count!.n)).toBe(0);
    expectOk(await setTotpSecretAsServer(t, project, user.user_id, newTotpSecret().base64));
    expectInvalidTotp(await mfaSignIn(t, project, await attemptCode(project, user), codes[0]));
  });
});
