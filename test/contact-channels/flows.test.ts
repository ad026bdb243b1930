// Contact channels in the flows around them: sign-in follows
// used_for_auth, tokens of deleted users or other projects, the deprecated primary-email send,
// verification codes scoped to their project and address, and the email itself.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectKnownError, expectSchemaError, makeProject, uniqueEmail, expectOk } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  addChannel,
  channelsOf,
  codePattern,
  expectNoChange,
  password,
  queuedEmailCount,
  serverUser,
  signUp,
  trustedCallback,
  type TestUser,
} from '../support/contact-channels';

let t: TestInstance, smtp: SmtpReceiver, demo: BootstrappedProject, other: BootstrappedProject;

withMailInstance(async (started) => {
  ({ t, smtp, demo } = started);
  other = await makeProject(t, 'Other project');
});

const client = (user: TestUser, project = demo) => as(project, 'client', user.access_token);
const signIn = (email: string) =>
  call(t, 'POST', '/auth/password/sign-in', { headers: as(demo, 'client'), body: { email, password } });
const sendMe = (user: TestUser, id: string, query = '') =>
  call(t, 'POST', `/contact-channels/me/${id}/send-verification-code${query}`, {
    headers: client(user),
    body: { callback_url: trustedCallback },
  });
/** The n-th (0-based) email to `recipient`, waiting for it. */
const nthEmailTo = (recipient: string, n: number): Promise<ReceivedEmail> =>
  smtp.waitFor(recipient, (m) => smtp.messages.filter((x) => x.to.includes(recipient)).indexOf(m) === n);

/** A new server user's second channel, its verification code sent with `me` and read from the email. */
async function channelWithEmailedCode(): Promise<{ user: TestUser; channel: any; code: string }> {
  const user = await serverUser(t, demo);
  const channel = await addChannel(t, demo, user.user_id);
  expectOk(await sendMe(user, channel.id));
  return { user, channel, code: codeFromEmail(await smtp.waitFor(channel.value)) };
}

describe('used_for_auth decides which addresses sign in', () => {
  test('a channel created with used_for_auth signs in; after PATCH to false it no longer does', async () => {
    const user = await signUp(t, demo);
    const value = uniqueEmail('second-login');
    const created = expectOk(
      await call(t, 'POST', '/contact-channels', { headers: client(user), body: { user_id: 'me', value, used_for_auth: true } }),
      201,
    );
    expect(expectOk(await signIn(value)).user_id).toBe(user.user_id);

    expectOk(
      await call(t, 'PATCH', `/contact-channels/me/${created.id}`, { headers: client(user), body: { used_for_auth: false } }),
    );
    expectKnownError(await signIn(value), 400, 'EMAIL_PASSWORD_MISMATCH');
    expect(expectOk(await signIn(user.email)).user_id).toBe(user.user_id);
  });

  test('a PATCHed value signs in instead of the old one', async () => {
    const user = await signUp(t, demo);
    const [primary] = await channelsOf(t, demo, user.user_id);
    const value = uniqueEmail('renamed');
    expectOk(await call(t, 'PATCH', `/contact-channels/me/${primary.id}`, { headers: client(user), body: { value } }));
    expectKnownError(await signIn(user.email), 400, 'EMAIL_PASSWORD_MISMATCH');
    expect(expectOk(await signIn(value)).user_id).toBe(user.user_id);
  });

  test('a deleted sign-in channel no longer signs in', async () => {
    const user = await signUp(t, demo);
    const [primary] = await channelsOf(t, demo, user.user_id);
    expectOk(await call(t, 'DELETE', `/contact-channels/me/${primary.id}`, { headers: client(user) }));
    expectKnownError(await signIn(user.email), 400, 'EMAIL_PASSWORD_MISMATCH');
  });

  test('an address two users hold, not for auth: the first to turn on used_for_auth wins, the other gets 409', async () => {
    const first = await serverUser(t, demo);
    const second = await serverUser(t, demo);
    const shared = uniqueEmail('shared');
    const a = await addChannel(t, demo, first.user_id, { value: shared });
    const b = await addChannel(t, demo, second.user_id, { value: shared });
    expect(
      expectOk(await call(t, 'PATCH', `/contact-channels/me/${a.id}`, { headers: client(first), body: { used_for_auth: true } }))
        .used_for_auth,
    ).toBe(true);
    const res = await expectNoChange(t, demo, [first.user_id, second.user_id], () =>
      call(t, 'PATCH', `/contact-channels/me/${b.id}`, { headers: client(second), body: { used_for_auth: true } }),
    );
    expectKnownError(res, 409, 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' });
    // Once the first lets go, the second may take it.
    expectOk(await call(t, 'PATCH', `/contact-channels/me/${a.id}`, { headers: client(first), body: { used_for_auth: false } }));
    expect(
      expectOk(await call(t, 'PATCH', `/contact-channels/me/${b.id}`, { headers: client(second), body: { used_for_auth: true } }))
        .used_for_auth,
    ).toBe(true);
  });
});

describe('tokens that name no usable user', () => {
  test('the token of a deleted user names no user: `me` and its old id → CANNOT_GET_OWN_USER_WITHOUT_USER, as in Stack', async () => {
    const user = await serverUser(t, demo);
    expectOk(await call(t, 'DELETE', `/users/${user.user_id}`, { headers: as(demo, 'server') }));
    expectKnownError(
      await call(t, 'GET', '/contact-channels?user_id=me', { headers: client(user) }),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    expectKnownError(
      await call(t, 'POST', '/contact-channels', {
        headers: client(user),
        body: { user_id: 'me', value: uniqueEmail('ghost'), used_for_auth: false },
      }),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    expectKnownError(
      await call(t, 'GET', `/contact-channels?user_id=${user.user_id}`, { headers: client(user) }),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });

  test("another project's access token → INVALID_PROJECT_FOR_ACCESS_TOKEN", async () => {
    const stranger = await serverUser(t, other);
    const res = await call(t, 'GET', '/contact-channels?user_id=me', { headers: as(demo, 'client', stranger.access_token) });
    expectKnownError(res, 401, 'INVALID_PROJECT_FOR_ACCESS_TOKEN');
  });
});

describe('verification codes and emails', () => {
  test('the email is the default verification template: subject names the project, link is callback_url?code=', async () => {
    const user = await serverUser(t, demo);
    const channel = await addChannel(t, demo, user.user_id);
    expect(expectOk(await sendMe(user, channel.id))).toEqual({ success: true });
    const email = await smtp.waitFor(channel.value);
    expect(email.to).toEqual([channel.value]);
    expect(email.subject).toBe(`Verify your email at ${demo.displayName}`);
    const code = codeFromEmail(email);
    expect(code).toMatch(codePattern);
    expect(email.text).toContain(`${trustedCallback}?code=${code}`);
  });

  test('an unknown query parameter on the send action is ignored', async () => {
    const user = await serverUser(t, demo);
    const channel = await addChannel(t, demo, user.user_id);
    expect(expectOk(await sendMe(user, channel.id, '?foo=bar'))).toEqual({ success: true });
    expect(await queuedEmailCount(t, channel.value)).toBe(1);
  });

  test('a code is only good in its own project', async () => {
    const { user, code } = await channelWithEmailedCode();
    expectKnownError(
      await call(t, 'POST', '/contact-channels/verify', { headers: as(other, 'client'), body: { code } }),
      404,
      'VERIFICATION_CODE_NOT_FOUND',
    );
    expect((await channelsOf(t, demo, user.user_id))[1].is_verified).toBe(false);
    expectOk(await call(t, 'POST', '/contact-channels/verify', { headers: as(demo, 'client'), body: { code } }));
    expect((await channelsOf(t, demo, user.user_id))[1].is_verified).toBe(true);
  });

  test('the code accepts upper case (lower-cased before lookup) and is then used up for check-code too', async () => {
    const { user, code } = await channelWithEmailedCode();
    expectOk(
      await call(t, 'POST', '/contact-channels/verify', { headers: as(demo, 'client'), body: { code: code.toUpperCase() } }),
    );
    expect((await channelsOf(t, demo, user.user_id))[1].is_verified).toBe(true);
    expectKnownError(
      await call(t, 'POST', '/contact-channels/verify/check-code', { headers: as(demo, 'client'), body: { code } }),
      409,
      'VERIFICATION_CODE_ALREADY_USED',
    );
  });

  test('a code sent before the address was changed does not verify the new address', async () => {
    const { user, channel, code } = await channelWithEmailedCode();
    const value = uniqueEmail('moved');
    expectOk(await call(t, 'PATCH', `/contact-channels/me/${channel.id}`, { headers: client(user), body: { value } }));
    await call(t, 'POST', '/contact-channels/verify', { headers: as(demo, 'client'), body: { code } });
    expect((await channelsOf(t, demo, user.user_id))[1]).toMatchObject({ value, is_verified: false });
  });

  const badCodes: { name: string; code: unknown }[] = [
    { name: '44 chars', code: 'a'.repeat(44) },
    { name: '46 chars', code: 'a'.repeat(46) },
    { name: 'a number', code: 12345 },
  ];
  for (const row of badCodes) {
    test(`verify with a code of ${row.name} → SCHEMA_ERROR`, async () => {
      expectSchemaError(
        await call(t, 'POST', '/contact-channels/verify', { headers: as(demo, 'client'), body: { code: row.code } }),
        'code',
      );
    });
  }
});

describe('POST /contact-channels/send-verification-code (deprecated; the primary email)', () => {
  test('the primary email gets a code that verifies it', async () => {
    const user = await signUp(t, demo);
    const res = await call(t, 'POST', '/contact-channels/send-verification-code', {
      headers: client(user),
      body: { email: user.email, callback_url: trustedCallback },
    });
    expect(expectOk(res)).toEqual({ success: true });
    // Email 0 is the sign-up's own verification email; this send is email 1.
    const code = codeFromEmail(await nthEmailTo(user.email, 1));
    expectOk(await call(t, 'POST', '/contact-channels/verify', { headers: as(demo, 'client'), body: { code } }));
    const me = expectOk(await call(t, 'GET', '/users/me', { headers: client(user) }));
    expect(me.primary_email_verified).toBe(true);
    expectKnownError(
      await call(t, 'POST', '/contact-channels/send-verification-code', {
        headers: client(user),
        body: { email: user.email, callback_url: trustedCallback },
      }),
      409,
      'EMAIL_ALREADY_VERIFIED',
    );
  });

  test('an address that is not the primary email → EMAIL_IS_NOT_PRIMARY_EMAIL with both addresses', async () => {
    const user = await serverUser(t, demo);
    const second = await addChannel(t, demo, user.user_id);
    const res = await call(t, 'POST', '/contact-channels/send-verification-code', {
      headers: client(user),
      body: { email: second.value, callback_url: trustedCallback },
    });
    expectKnownError(res, 400, 'EMAIL_IS_NOT_PRIMARY_EMAIL', { email: second.value, primary_email: user.email });
    expect(await queuedEmailCount(t, second.value)).toBe(0);
  });

  test('no user → SCHEMA_ERROR mentioning auth.user', async () => {
    const res = await call(t, 'POST', '/contact-channels/send-verification-code', {
      headers: as(demo, 'client'),
      body: { email: uniqueEmail(), callback_url: trustedCallback },
    });
    expectSchemaError(res, 'auth.user must be defined');
  });
});
