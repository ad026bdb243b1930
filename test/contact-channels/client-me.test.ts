// Contact channels as a signed-in client sees them through `me`:
// list, create, read, update, delete, and the per-channel verification email sent to a real
// SMTP receiver and verified with its code. Every refused write leaves the channels unchanged.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import {
  as,
  call,
  expectKnownError,
  expectSchemaError,
  expectTextError,
  unknownUuid,
  uniqueEmail,
  expectOk,
} from '../support/api-expectations';
import { type ApiResult, type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  addChannel,
  channelsOf,
  codePattern,
  expectChannel,
  expectNoChange,
  queuedEmailCount,
  serverUser,
  signUp,
  trustedCallback,
  untrustedCallback,
  type TestUser,
} from '../support/contact-channels';

let t: TestInstance, smtp: SmtpReceiver, demo: BootstrappedProject;
/** Signed up through the client endpoint; its sign-up email is the first channel. */
let alice: TestUser;
/** Another demo user whose sign-in address the tests try to take. */
let bob: TestUser;

withMailInstance(async (started) => {
  ({ t, smtp, demo } = started);
  alice = await signUp(t, demo, uniqueEmail('alice'));
  bob = await signUp(t, demo, uniqueEmail('bob'));
});

const client = (user: TestUser) => as(demo, 'client', user.access_token);
const listMe = (user: TestUser, query = 'user_id=me') => call(t, 'GET', `/contact-channels?${query}`, { headers: client(user) });
const createMe = (user: TestUser, body: Record<string, unknown>) =>
  call(t, 'POST', '/contact-channels', { headers: client(user), body: { user_id: 'me', ...body } });
const readMe = (user: TestUser, id: string) => call(t, 'GET', `/contact-channels/me/${id}`, { headers: client(user) });
const patchMe = (user: TestUser, id: string, body: Record<string, unknown>) =>
  call(t, 'PATCH', `/contact-channels/me/${id}`, { headers: client(user), body });
const deleteMe = (user: TestUser, id: string) => call(t, 'DELETE', `/contact-channels/me/${id}`, { headers: client(user) });
const sendMe = (user: TestUser, id: string, callbackUrl = trustedCallback) =>
  call(t, 'POST', `/contact-channels/me/${id}/send-verification-code`, {
    headers: client(user),
    body: { callback_url: callbackUrl },
  });
const verify = (code: string) => call(t, 'POST', '/contact-channels/verify', { headers: as(demo, 'client'), body: { code } });
/** Channel ids alice may not reach through `me`: one no one has, and one of bob's (looked up when the row runs). */
const notAlicesChannels = (unknownName = 'unknown id', bobsName = "another user's channel id") => [
  { name: unknownName, id: async () => unknownUuid() },
  { name: bobsName, id: async (): Promise<string> => (await channelsOf(t, demo, bob.user_id))[0].id },
];
const primaryEmailOf = async (user: TestUser) =>
  expectOk(await call(t, 'GET', '/users/me', { headers: client(user) })).primary_email;

describe('GET /contact-channels?user_id=me (client)', () => {
  test('a new sign-up has one channel: its email, primary, used for auth, unverified', async () => {
    const body = expectOk(await listMe(alice));
    expect(body.is_paginated).toBe(false);
    expect(body.items).toHaveLength(1);
    expectChannel(body.items[0], {
      user_id: alice.user_id,
      value: alice.email,
      type: 'email',
      used_for_auth: true,
      is_verified: false,
      is_primary: true,
    });
  });

  test('the list is oldest first and is the same with `me` and with the own id', async () => {
    const user = await signUp(t, demo);
    const created: any[] = [];
    for (let i = 0; i < 3; i++) {
      created.push(expectOk(await createMe(user, { value: uniqueEmail('order'), used_for_auth: false }), 201));
      await Bun.sleep(3);
    }
    const viaMe = expectOk(await listMe(user)).items;
    expect(viaMe.map((c: any) => c.value)).toEqual([user.email, ...created.map((c) => c.value)]);
    expect(viaMe.slice(1)).toEqual(created);
    expect(expectOk(await listMe(user, `user_id=${user.user_id}`)).items).toEqual(viaMe);
    expect(await channelsOf(t, demo, user.user_id)).toEqual(viaMe);
  });

  test('channels created within the same millisecond are still listed oldest (first created) first', async () => {
    const user = await serverUser(t, demo);
    const realClock = t.ctx.clock;
    const frozen = Date.now() + 1000;
    t.ctx.clock = { now: () => frozen };
    const created: string[] = [];
    try {
      for (let i = 0; i < 8; i++)
        created.push(expectOk(await createMe(user, { value: uniqueEmail('tie'), used_for_auth: false }), 201).id);
    } finally {
      t.ctx.clock = realClock;
    }
    expect(
      expectOk(await listMe(user))
        .items.slice(1)
        .map((c: any) => c.id),
    ).toEqual(created);
  });

  test('contact_channel_id narrows the list to that channel of the caller only', async () => {
    const user = await serverUser(t, demo);
    const mine = await addChannel(t, demo, user.user_id);
    const bobs = (await channelsOf(t, demo, bob.user_id))[0];
    expect(expectOk(await listMe(user, `user_id=me&contact_channel_id=${mine.id}`)).items).toEqual([mine]);
    expect(expectOk(await listMe(user, `user_id=me&contact_channel_id=${bobs.id}`)).items).toEqual([]);
  });
});

describe('POST /contact-channels with user_id me (client)', () => {
  const accepted: { name: string; body: () => Record<string, unknown>; expected: Record<string, unknown> }[] = [
    {
      name: 'minimal body',
      body: () => ({ value: uniqueEmail('new'), used_for_auth: false }),
      expected: { used_for_auth: false, is_primary: false },
    },
    {
      name: 'type email, used for auth',
      body: () => ({ value: uniqueEmail('new'), type: 'email', used_for_auth: true }),
      expected: { used_for_auth: true, is_primary: false },
    },
    {
      name: 'is_primary false explicitly',
      body: () => ({ value: uniqueEmail('new'), used_for_auth: false, is_primary: false }),
      expected: { used_for_auth: false, is_primary: false },
    },
    {
      name: "another user's sign-in address, not used for auth",
      body: () => ({ value: bob.email, used_for_auth: false }),
      expected: { used_for_auth: false, is_primary: false },
    },
  ];
  for (const row of accepted) {
    test(`201 with the exact ContactChannel: ${row.name}`, async () => {
      const user = await serverUser(t, demo);
      const body = row.body();
      const created = expectOk(await createMe(user, body), 201);
      expectChannel(created, { ...row.expected, user_id: user.user_id, value: body.value, type: 'email', is_verified: false });
      const listed = await channelsOf(t, demo, user.user_id);
      expect(listed).toHaveLength(2);
      expect(listed[1]).toEqual(created);
      expect(listed[0]).toMatchObject({ value: user.email, is_primary: true });
      expect(expectOk(await readMe(user, created.id))).toEqual(created);
    });
  }

  const refused: { name: string; body: () => Record<string, unknown>; check: (res: ApiResult) => void }[] = [
    {
      name: 'is_verified from a client → SCHEMA_ERROR',
      body: () => ({ value: uniqueEmail('v'), used_for_auth: false, is_verified: true }),
      check: (res) => expectSchemaError(res, 'is_verified'),
    },
    {
      name: 'is_verified false from a client → SCHEMA_ERROR',
      body: () => ({ value: uniqueEmail('v'), used_for_auth: false, is_verified: false }),
      check: (res) => expectSchemaError(res, 'is_verified'),
    },
    {
      name: 'the same value again → 400 text',
      body: () => ({ value: alice.email, used_for_auth: false }),
      check: (res) => expectTextError(res, 400, 'Contact channel already exists'),
    },
    {
      name: 'the same value again, also used for auth → 400 text',
      body: () => ({ value: alice.email, used_for_auth: true }),
      check: (res) => expectTextError(res, 400, 'Contact channel already exists'),
    },
    {
      name: "another user's sign-in address used for auth → 409",
      body: () => ({ value: bob.email, used_for_auth: true }),
      check: (res) => expectKnownError(res, 409, 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' }),
    },
    {
      name: "another user's sign-in address used for auth and primary → 409",
      body: () => ({ value: bob.email, used_for_auth: true, is_primary: true }),
      check: (res) => expectKnownError(res, 409, 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' }),
    },
    {
      name: 'missing used_for_auth → SCHEMA_ERROR',
      body: () => ({ value: uniqueEmail() }),
      check: (res) => expectSchemaError(res, 'used_for_auth'),
    },
    {
      name: 'missing value → SCHEMA_ERROR',
      body: () => ({ used_for_auth: false }),
      check: (res) => expectSchemaError(res, 'value'),
    },
    {
      name: 'value not an email → SCHEMA_ERROR',
      body: () => ({ value: 'not-an-email', used_for_auth: false }),
      check: (res) => expectSchemaError(res),
    },
    {
      name: 'type phone → SCHEMA_ERROR',
      body: () => ({ value: uniqueEmail(), type: 'phone', used_for_auth: false }),
      check: (res) => expectSchemaError(res, 'type'),
    },
    {
      name: 'unknown field → SCHEMA_ERROR',
      body: () => ({ value: uniqueEmail(), used_for_auth: false, nickname: 'x' }),
      check: (res) => expectSchemaError(res, 'nickname'),
    },
  ];
  for (const row of refused) {
    test(`refused, channels unchanged: ${row.name}`, async () => {
      const res = await expectNoChange(t, demo, [alice.user_id, bob.user_id], () => createMe(alice, row.body()));
      row.check(res);
    });
  }

  test('is_primary true moves the primary email; GET /users/me follows', async () => {
    const user = await signUp(t, demo);
    const value = uniqueEmail('primary');
    const created = expectOk(await createMe(user, { value, used_for_auth: false, is_primary: true }), 201);
    expectChannel(created, { value, is_primary: true, is_verified: false });
    const listed = await channelsOf(t, demo, user.user_id);
    expect(listed.map((c) => [c.value, c.is_primary])).toEqual([
      [user.email, false],
      [value, true],
    ]);
    expect(await primaryEmailOf(user)).toBe(value);

    // And back through PATCH on the original channel.
    const moved = expectOk(await patchMe(user, listed[0].id, { is_primary: true }));
    expectChannel(moved, { value: user.email, is_primary: true });
    expect((await channelsOf(t, demo, user.user_id)).map((c) => c.is_primary)).toEqual([true, false]);
    expect(await primaryEmailOf(user)).toBe(user.email);
  });
});

describe('GET /contact-channels/me/{id} (client)', () => {
  test('reads one of its own channels exactly as listed, via me or its own id', async () => {
    const [first] = expectOk(await listMe(alice)).items;
    expect(expectOk(await readMe(alice, first.id))).toEqual(first);
    expect(expectOk(await call(t, 'GET', `/contact-channels/${alice.user_id}/${first.id}`, { headers: client(alice) }))).toEqual(
      first,
    );
  });

  const missing = notAlicesChannels();
  for (const row of missing) {
    test(`${row.name} → 404 text "Contact channel not found."`, async () => {
      expectTextError(await readMe(alice, await row.id()), 404, 'Contact channel not found.');
    });
  }
});

describe('PATCH /contact-channels/me/{id} (client)', () => {
  test('changing value resets is_verified to false; other fields keep theirs', async () => {
    const user = await serverUser(t, demo);
    const channel = await addChannel(t, demo, user.user_id, { is_verified: true, used_for_auth: true });
    expect(channel.is_verified).toBe(true);
    const value = uniqueEmail('changed');
    const updated = expectOk(await patchMe(user, channel.id, { value }));
    expectChannel(updated, {
      id: channel.id,
      user_id: user.user_id,
      value,
      is_verified: false,
      used_for_auth: true,
      is_primary: false,
    });
    expect((await channelsOf(t, demo, user.user_id))[1]).toEqual(updated);
  });

  const keepsVerification: {
    name: string;
    body: (value: string) => Record<string, unknown>;
    expected: Record<string, unknown>;
  }[] = [
    { name: 'used_for_auth only', body: () => ({ used_for_auth: true }), expected: { used_for_auth: true } },
    { name: 'the same value', body: (value) => ({ value }), expected: {} },
    { name: 'type email only', body: () => ({ type: 'email' }), expected: {} },
    { name: 'empty body', body: () => ({}), expected: {} },
  ];
  for (const row of keepsVerification) {
    test(`a verified channel stays verified: ${row.name}`, async () => {
      const user = await serverUser(t, demo);
      const channel = await addChannel(t, demo, user.user_id, { is_verified: true });
      const updated = expectOk(await patchMe(user, channel.id, row.body(channel.value)));
      expectChannel(updated, { ...channel, ...row.expected, is_verified: true });
    });
  }

  const refused: {
    name: string;
    target: (user: TestUser) => Promise<string>;
    body: (user: TestUser) => Record<string, unknown>;
    check: (res: ApiResult) => void;
  }[] = [
    {
      name: 'unknown id → 400 text',
      target: async () => unknownUuid(),
      body: () => ({ value: uniqueEmail() }),
      check: (res) => expectTextError(res, 400, 'Contact channel not found'),
    },
    {
      name: "another user's channel id → 400 text",
      target: async () => (await channelsOf(t, demo, bob.user_id))[0].id,
      body: () => ({ used_for_auth: false }),
      check: (res) => expectTextError(res, 400, 'Contact channel not found'),
    },
    {
      name: 'is_verified from a client → SCHEMA_ERROR',
      target: async (user) => (await channelsOf(t, demo, user.user_id))[0].id,
      body: () => ({ is_verified: true }),
      check: (res) => expectSchemaError(res, 'is_verified'),
    },
    {
      name: 'user_id in the body → SCHEMA_ERROR',
      target: async (user) => (await channelsOf(t, demo, user.user_id))[0].id,
      body: () => ({ user_id: 'me' }),
      check: (res) => expectSchemaError(res, 'user_id'),
    },
    {
      name: 'value not an email → SCHEMA_ERROR',
      target: async (user) => (await channelsOf(t, demo, user.user_id))[0].id,
      body: () => ({ value: 'nope' }),
      check: (res) => expectSchemaError(res),
    },
    {
      // Stack names no error for this PATCH, but it is the create refusal for the same situation;
      // any 500 would be an unhandled failure.
      name: 'value → an address the user already has on another channel → 400 text',
      target: async (user) => (await addChannel(t, demo, user.user_id)).id,
      body: (user) => ({ value: user.email }),
      check: (res) => expectTextError(res, 400, 'Contact channel already exists'),
    },
    {
      name: "value → another user's sign-in address while used for auth → 409",
      target: async (user) => (await channelsOf(t, demo, user.user_id))[0].id,
      body: () => ({ value: bob.email }),
      check: (res) => expectKnownError(res, 409, 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' }),
    },
    {
      name: "used_for_auth true on a channel holding another user's sign-in address → 409",
      target: async (user) => (await addChannel(t, demo, user.user_id, { value: bob.email, used_for_auth: false })).id,
      body: () => ({ used_for_auth: true }),
      check: (res) => expectKnownError(res, 409, 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' }),
    },
  ];
  for (const row of refused) {
    test(`refused, channels unchanged: ${row.name}`, async () => {
      const user = await serverUser(t, demo);
      const id = await row.target(user);
      const res = await expectNoChange(t, demo, [user.user_id, bob.user_id], () => patchMe(user, id, row.body(user)));
      row.check(res);
    });
  }
});

describe('DELETE /contact-channels/me/{id} (client)', () => {
  test('deletes one of its own channels; it is gone from list and read; deleting again → 400 text', async () => {
    const user = await serverUser(t, demo);
    const keep = await addChannel(t, demo, user.user_id);
    const gone = await addChannel(t, demo, user.user_id);
    expect(expectOk(await deleteMe(user, gone.id))).toEqual({ success: true });
    const after = await channelsOf(t, demo, user.user_id);
    expect(after.map((c) => c.value)).toEqual([user.email, keep.value]);
    expect(after[1]).toEqual(keep);
    expectTextError(await readMe(user, gone.id), 404, 'Contact channel not found.');
    const again = await expectNoChange(t, demo, [user.user_id], () => deleteMe(user, gone.id));
    expectTextError(again, 400, 'Contact channel not found');
  });

  test('DELETE with the JSON body {} the SDK sends is accepted', async () => {
    const user = await serverUser(t, demo);
    const channel = await addChannel(t, demo, user.user_id);
    const res = await call(t, 'DELETE', `/contact-channels/me/${channel.id}`, { headers: client(user), body: {} });
    expect(expectOk(res)).toEqual({ success: true });
    expect((await channelsOf(t, demo, user.user_id)).map((c) => c.id)).not.toContain(channel.id);
  });

  test('deleting the primary channel clears primary_email', async () => {
    const user = await signUp(t, demo);
    const [primary] = await channelsOf(t, demo, user.user_id);
    expect(expectOk(await deleteMe(user, primary.id))).toEqual({ success: true });
    expect(await channelsOf(t, demo, user.user_id)).toEqual([]);
    expect(await primaryEmailOf(user)).toBeNull();
  });

  const refused = notAlicesChannels();
  for (const row of refused) {
    test(`${row.name} → 400 text "Contact channel not found", nothing deleted`, async () => {
      const id = await row.id();
      const res = await expectNoChange(t, demo, [alice.user_id, bob.user_id], () => deleteMe(alice, id));
      expectTextError(res, 400, 'Contact channel not found');
    });
  }
});

describe('POST /contact-channels/me/{id}/send-verification-code and verify (client)', () => {
  test('the email arrives with a code for callback_url; verifying marks only that channel verified', async () => {
    const user = await serverUser(t, demo);
    const value = uniqueEmail('verifyme');
    const channel = expectOk(await createMe(user, { value, used_for_auth: false }), 201);
    const callback = `${trustedCallback}?after_auth_return_to=%2Fsettings`;
    expect(expectOk(await sendMe(user, channel.id, callback))).toEqual({ success: true });

    const email = await smtp.waitFor(value);
    const code = codeFromEmail(email);
    expect(code).toMatch(codePattern);
    const link = new URL(email.text.match(/https?:\/\/\S+/)![0]);
    expect(link.origin + link.pathname).toBe(trustedCallback);
    expect(link.searchParams.get('after_auth_return_to')).toBe('/settings');

    expect(
      expectOk(await call(t, 'POST', '/contact-channels/verify/check-code', { headers: as(demo, 'client'), body: { code } })),
    ).toEqual({ is_code_valid: true });
    // Still unverified until the code is posted to verify.
    expect((await channelsOf(t, demo, user.user_id))[1].is_verified).toBe(false);

    expect(expectOk(await verify(code))).toEqual({ success: true });
    const after = await channelsOf(t, demo, user.user_id);
    expect(after.map((c) => [c.value, c.is_verified])).toEqual([
      [user.email, false],
      [value, true],
    ]);
    expect(expectOk(await readMe(user, channel.id))).toEqual({ ...channel, is_verified: true });

    // Verified now: another send is refused, and the used code is spent.
    const again = await expectNoChange(t, demo, [user.user_id], () => sendMe(user, channel.id));
    expectKnownError(again, 409, 'EMAIL_ALREADY_VERIFIED');
    expectKnownError(await verify(code), 409, 'VERIFICATION_CODE_ALREADY_USED');
  });

  test('verifying the primary channel makes primary_email_verified true', async () => {
    const user = await signUp(t, demo);
    const [primary] = await channelsOf(t, demo, user.user_id);
    // The sign-up already sent one verification email; take the one this send produces.
    const already = smtp.messages.filter((m) => m.to.includes(user.email)).length;
    expect(expectOk(await sendMe(user, primary.id))).toEqual({ success: true });
    const email = await smtp.waitFor(
      user.email,
      (m) => smtp.messages.filter((x) => x.to.includes(user.email)).indexOf(m) >= already,
    );
    expect(expectOk(await verify(codeFromEmail(email)))).toEqual({ success: true });
    const me = expectOk(await call(t, 'GET', '/users/me', { headers: client(user) }));
    expect(me.primary_email).toBe(user.email);
    expect(me.primary_email_verified).toBe(true);
  });

  test('a channel created verified by the server → EMAIL_ALREADY_VERIFIED, no email', async () => {
    const user = await serverUser(t, demo);
    const channel = await addChannel(t, demo, user.user_id, { is_verified: true });
    const res = await expectNoChange(t, demo, [user.user_id], () => sendMe(user, channel.id));
    expectKnownError(res, 409, 'EMAIL_ALREADY_VERIFIED');
    expect(await queuedEmailCount(t, channel.value)).toBe(0);
  });

  const untrusted: { name: string; url: string }[] = [
    { name: 'a foreign https domain', url: untrustedCallback },
    { name: 'a javascript: URL', url: 'javascript:alert(1)' },
    { name: 'a look-alike host', url: 'http://localhost.evil.example.org/handler' },
  ];
  for (const row of untrusted) {
    test(`untrusted callback_url (${row.name}) → REDIRECT_URL_NOT_WHITELISTED, no email`, async () => {
      const user = await serverUser(t, demo);
      const channel = await addChannel(t, demo, user.user_id);
      const res = await expectNoChange(t, demo, [user.user_id], () => sendMe(user, channel.id, row.url));
      expectKnownError(res, 400, 'REDIRECT_URL_NOT_WHITELISTED');
      expect(await queuedEmailCount(t, channel.value)).toBe(0);
      await Bun.sleep(300);
      expect(smtp.messages.filter((m) => m.to.includes(channel.value))).toEqual([]);
    });
  }

  const notFound = notAlicesChannels('unknown channel', "another user's channel");
  for (const row of notFound) {
    test(`${row.name} → 404 text "Contact channel not found", no email`, async () => {
      const id = await row.id();
      const before = await queuedEmailCount(t, bob.email);
      const res = await expectNoChange(t, demo, [alice.user_id, bob.user_id], () => sendMe(alice, id));
      expectTextError(res, 404, 'Contact channel not found');
      expect(await queuedEmailCount(t, bob.email)).toBe(before);
    });
  }

  const badBodies: { name: string; body: Record<string, unknown>; fragment?: string }[] = [
    { name: 'missing callback_url', body: {}, fragment: 'callback_url' },
    { name: 'callback_url not a URL', body: { callback_url: 'not a url' }, fragment: 'callback_url' },
    { name: 'unknown field', body: { callback_url: trustedCallback, email: 'x@example.com' }, fragment: 'email' },
  ];
  for (const row of badBodies) {
    test(`send with ${row.name} → SCHEMA_ERROR`, async () => {
      const [first] = await channelsOf(t, demo, alice.user_id);
      const res = await call(t, 'POST', `/contact-channels/me/${first.id}/send-verification-code`, {
        headers: client(alice),
        body: row.body,
      });
      if (row.fragment) expectSchemaError(res, row.fragment);
      else expectSchemaError(res);
    });
  }

  test('verify with an unknown 45-char code → VERIFICATION_CODE_NOT_FOUND', async () => {
    expectKnownError(await verify('a'.repeat(45)), 404, 'VERIFICATION_CODE_NOT_FOUND');
  });
});
