// Contact channels with the secret server key (and admin key): any user of
// the project by id, `is_verified` allowed on create and update, USER_ID_DOES_NOT_EXIST for a
// user that is unknown or belongs to another project, SCHEMA_ERROR for unknown query
// parameters. Refused writes leave the channels as they were.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import {
  as,
  call,
  expectKnownError,
  expectSchemaError,
  expectTextError,
  makeProject,
  unknownUuid,
  uniqueEmail,
  expectOk,
} from '../support/api-expectations';
import { type AccessLevel, type TestInstance } from '../support/instance';
import { apiScenarios, type ApiScenario, type ScenarioRequest, type ScenarioTarget } from '../support/api-scenarios';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  addChannel,
  channelsOf,
  expectChannel,
  expectNoChange,
  queuedEmailCount,
  serverUser,
  signUp,
  trustedCallback,
  untrustedCallback,
  type TestUser,
} from '../support/contact-channels';

let t: TestInstance, smtp: SmtpReceiver, demo: BootstrappedProject, other: BootstrappedProject, alice: TestUser;
/** A user of another project, invisible to the demo project's keys. */
let stranger: TestUser;

withMailInstance(async (started) => {
  ({ t, smtp, demo } = started);
  other = await makeProject(t, 'Other project');
  alice = await signUp(t, demo, uniqueEmail('alice'));
  stranger = await serverUser(t, other, uniqueEmail('stranger'));
});

const levels: AccessLevel[] = ['server', 'admin'];

describe('server and admin keys act on any user of the project by id', () => {
  for (const level of levels) {
    test(`${level}: list, create, read, patch, delete another user's channels`, async () => {
      const user = await serverUser(t, demo);
      const headers = as(demo, level);
      const list = expectOk(await call(t, 'GET', `/contact-channels?user_id=${user.user_id}`, { headers }));
      expect(list.is_paginated).toBe(false);
      expect(list.items).toHaveLength(1);
      expectChannel(list.items[0], {
        user_id: user.user_id,
        value: user.email,
        is_primary: true,
        used_for_auth: true,
        is_verified: false,
      });

      const value = uniqueEmail('by-server');
      const created = expectOk(
        await call(t, 'POST', '/contact-channels', {
          headers,
          body: { user_id: user.user_id, value, type: 'email', used_for_auth: false, is_verified: true },
        }),
        201,
      );
      expectChannel(created, { user_id: user.user_id, value, used_for_auth: false, is_verified: true, is_primary: false });
      expect(expectOk(await call(t, 'GET', `/contact-channels/${user.user_id}/${created.id}`, { headers }))).toEqual(created);

      const unverified = expectOk(
        await call(t, 'PATCH', `/contact-channels/${user.user_id}/${created.id}`, { headers, body: { is_verified: false } }),
      );
      expect(unverified).toEqual({ ...created, is_verified: false });
      const verified = expectOk(
        await call(t, 'PATCH', `/contact-channels/${user.user_id}/${list.items[0].id}`, { headers, body: { is_verified: true } }),
      );
      expect(verified).toEqual({ ...list.items[0], is_verified: true });

      expect(expectOk(await call(t, 'DELETE', `/contact-channels/${user.user_id}/${created.id}`, { headers }))).toEqual({
        success: true,
      });
      expect(await channelsOf(t, demo, user.user_id)).toEqual([verified]);
    });
  }

  test('server key with a user access token may use `me`', async () => {
    const user = await serverUser(t, demo);
    const res = await call(t, 'GET', '/contact-channels?user_id=me', { headers: as(demo, 'server', user.access_token) });
    expect(expectOk(res).items).toEqual(await channelsOf(t, demo, user.user_id));
  });

  const patches: { name: string; body: (value: string) => Record<string, unknown>; verified: boolean }[] = [
    {
      name: 'new value with is_verified true stays verified',
      body: () => ({ value: uniqueEmail('nv'), is_verified: true }),
      verified: true,
    },
    { name: 'new value without is_verified becomes unverified', body: () => ({ value: uniqueEmail('nv') }), verified: false },
    { name: 'is_verified false alone unverifies', body: () => ({ is_verified: false }), verified: false },
    { name: 'used_for_auth alone keeps verification', body: () => ({ used_for_auth: true }), verified: true },
  ];
  for (const row of patches) {
    test(`PATCH on a verified channel: ${row.name}`, async () => {
      const user = await serverUser(t, demo);
      const channel = await addChannel(t, demo, user.user_id, { is_verified: true });
      const body = row.body(channel.value);
      const updated = expectOk(
        await call(t, 'PATCH', `/contact-channels/${user.user_id}/${channel.id}`, { headers: as(demo, 'server'), body }),
      );
      expectChannel(updated, { ...channel, ...body, is_verified: row.verified });
      expect((await channelsOf(t, demo, user.user_id))[1]).toEqual(updated);
    });
  }

  test('server create with is_primary and is_verified moves a verified primary email', async () => {
    const user = await serverUser(t, demo);
    const value = uniqueEmail('verified-primary');
    await addChannel(t, demo, user.user_id, { value, is_primary: true, is_verified: true, used_for_auth: true });
    const view = expectOk(await call(t, 'GET', `/users/${user.user_id}`, { headers: as(demo, 'server') }));
    expect(view).toMatchObject({ primary_email: value, primary_email_verified: true, primary_email_auth_enabled: true });
    expect((await channelsOf(t, demo, user.user_id)).map((c) => c.is_primary)).toEqual([false, true]);
  });

  test('an address used for auth in another project may be used for auth here', async () => {
    const user = await serverUser(t, demo);
    const created = await addChannel(t, demo, user.user_id, { value: stranger.email, used_for_auth: true });
    expectChannel(created, { value: stranger.email, used_for_auth: true });
  });

  test('server create refuses the same refusals as the client', async () => {
    const user = await serverUser(t, demo);
    const headers = as(demo, 'server');
    const dup = await expectNoChange(t, demo, [user.user_id], () =>
      call(t, 'POST', '/contact-channels', { headers, body: { user_id: user.user_id, value: user.email, used_for_auth: false } }),
    );
    expectTextError(dup, 400, 'Contact channel already exists');
    const taken = await expectNoChange(t, demo, [user.user_id, alice.user_id], () =>
      call(t, 'POST', '/contact-channels', { headers, body: { user_id: user.user_id, value: alice.email, used_for_auth: true } }),
    );
    expectKnownError(taken, 409, 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', { type: 'email' });
  });

  /** A new server user's second channel, and the server key's send-verification-code for it. */
  async function serverSendToNewChannel(callbackUrl: string) {
    const user = await serverUser(t, demo);
    const channel = await addChannel(t, demo, user.user_id);
    const res = await call(t, 'POST', `/contact-channels/${user.user_id}/${channel.id}/send-verification-code`, {
      headers: as(demo, 'server'),
      body: { callback_url: callbackUrl },
    });
    return { user, channel, res };
  }

  test('server send-verification-code emails any user of the project; the code verifies it', async () => {
    const { user, channel, res } = await serverSendToNewChannel(trustedCallback);
    expect(expectOk(res)).toEqual({ success: true });
    const code = codeFromEmail(await smtp.waitFor(channel.value));
    expect(expectOk(await call(t, 'POST', '/contact-channels/verify', { headers: as(demo, 'client'), body: { code } }))).toEqual({
      success: true,
    });
    expect((await channelsOf(t, demo, user.user_id))[1]).toEqual({ ...channel, is_verified: true });
  });

  test('server send with an untrusted callback_url → REDIRECT_URL_NOT_WHITELISTED, no email', async () => {
    const { channel, res } = await serverSendToNewChannel(untrustedCallback);
    expectKnownError(res, 400, 'REDIRECT_URL_NOT_WHITELISTED');
    expect(await queuedEmailCount(t, channel.value)).toBe(0);
  });
});

describe('what each server write records', () => {
  // The user and channel are made in request(), before the row starts counting.
  apiScenarios(
    () => ({ t, project: demo }),
    [
      {
        name: 'create a channel: audit email.added, no webhook',
        request: async () => ({
          method: 'POST',
          path: '/contact-channels',
          headers: as(demo, 'server'),
          body: { user_id: (await serverUser(t, demo)).user_id, value: uniqueEmail('recorded'), used_for_auth: false },
        }),
        status: 201,
        audit: ['email.added'],
        check: (res) => expectChannel(res.json, { used_for_auth: false, is_primary: false }),
      },
      {
        name: 'change its address: audit email.changed',
        request: async () => {
          const user = await serverUser(t, demo);
          const channel = await addChannel(t, demo, user.user_id);
          return {
            method: 'PATCH',
            path: `/contact-channels/${user.user_id}/${channel.id}`,
            headers: as(demo, 'server'),
            body: { value: uniqueEmail('changed') },
          };
        },
        status: 200,
        audit: ['email.changed'],
      },
      {
        name: 'delete it: audit email.removed',
        request: async () => {
          const user = await serverUser(t, demo);
          const channel = await addChannel(t, demo, user.user_id);
          return { method: 'DELETE', path: `/contact-channels/${user.user_id}/${channel.id}`, headers: as(demo, 'server') };
        },
        status: 200,
        audit: ['email.removed'],
        check: (res) => expect(res.json).toEqual({ success: true }),
      },
    ],
  );
});

describe('a user that is unknown or of another project', () => {
  const demoServer: ScenarioTarget = () => ({ t, project: demo });
  const ghostId = unknownUuid();
  const targets: { name: string; userId: () => string }[] = [
    { name: 'unknown user', userId: () => ghostId },
    { name: 'user of another project', userId: () => stranger.user_id },
  ];
  const ops: { name: string; request: (userId: string, channelId: string) => ScenarioRequest }[] = [
    {
      name: 'list',
      request: (userId) => ({ method: 'GET', path: `/contact-channels?user_id=${userId}`, headers: as(demo, 'server') }),
    },
    {
      name: 'create',
      request: (userId) => ({
        method: 'POST',
        path: '/contact-channels',
        headers: as(demo, 'server'),
        body: { user_id: userId, value: uniqueEmail('ghost'), used_for_auth: false },
      }),
    },
    {
      name: 'send-verification-code',
      request: (userId, channelId) => ({
        method: 'POST',
        path: `/contact-channels/${userId}/${channelId}/send-verification-code`,
        headers: as(demo, 'server'),
        body: { callback_url: trustedCallback },
      }),
    },
  ];
  const strangerChannels = () => channelsOf(t, other, stranger.user_id);
  apiScenarios(
    demoServer,
    targets.flatMap((target) =>
      ops.map((op): ApiScenario => ({
        name: `${op.name} for ${target.name} → USER_ID_DOES_NOT_EXIST with details.user_id`,
        request: async () => op.request(target.userId(), (await strangerChannels())[0].id),
        status: 400,
        knownError: 'USER_ID_DOES_NOT_EXIST',
        details: () => ({ user_id: target.userId() }),
        unchanged: strangerChannels,
        check: async () => expect(await queuedEmailCount(t, stranger.email)).toBe(0),
      })),
    ),
  );

  // Another project's channel through the demo key: read → 404 text, patch/delete → 400 text.
  const strangerChannelPath = async () => `/contact-channels/${stranger.user_id}/${(await strangerChannels())[0].id}`;
  apiScenarios(demoServer, [
    {
      name: "another project's channel through the demo key: read",
      request: async () => ({ method: 'GET', path: await strangerChannelPath(), headers: as(demo, 'server') }),
      status: 404,
      errorText: 'Contact channel not found.',
    },
    {
      name: "another project's channel through the demo key: patch, unchanged",
      request: async () => ({
        method: 'PATCH',
        path: await strangerChannelPath(),
        headers: as(demo, 'server'),
        body: { value: uniqueEmail('cross'), is_verified: true },
      }),
      status: 400,
      errorText: 'Contact channel not found',
      unchanged: strangerChannels,
    },
    {
      name: "another project's channel through the demo key: delete, unchanged",
      request: async () => ({ method: 'DELETE', path: await strangerChannelPath(), headers: as(demo, 'server') }),
      status: 400,
      errorText: 'Contact channel not found',
      unchanged: strangerChannels,
    },
  ]);

  test('server reading an unknown channel of a real user → 404 text "Contact channel not found."', async () => {
    expectTextError(
      await call(t, 'GET', `/contact-channels/${alice.user_id}/${unknownUuid()}`, { headers: as(demo, 'server') }),
      404,
      'Contact channel not found.',
    );
  });

  test('server send for an unknown channel of a real user → 404 text "Contact channel not found"', async () => {
    const res = await call(t, 'POST', `/contact-channels/${alice.user_id}/${unknownUuid()}/send-verification-code`, {
      headers: as(demo, 'server'),
      body: { callback_url: trustedCallback },
    });
    expectTextError(res, 404, 'Contact channel not found');
  });
});

describe('unknown query parameters (server) → SCHEMA_ERROR', () => {
  const rows: { name: string; method: string; path: (userId: string, channelId: string) => string; body?: () => unknown }[] = [
    { name: 'list', method: 'GET', path: (u) => `/contact-channels?user_id=${u}&limit=1` },
    {
      name: 'list, contact_channel_id plus unknown',
      method: 'GET',
      path: (u, c) => `/contact-channels?user_id=${u}&contact_channel_id=${c}&x=y`,
    },
    {
      name: 'create',
      method: 'POST',
      path: () => '/contact-channels?user_id=me',
      body: () => ({ user_id: alice.user_id, value: uniqueEmail('q'), used_for_auth: false }),
    },
    { name: 'read', method: 'GET', path: (u, c) => `/contact-channels/${u}/${c}?expand=all` },
    {
      name: 'patch',
      method: 'PATCH',
      path: (u, c) => `/contact-channels/${u}/${c}?dry_run=true`,
      body: () => ({ is_verified: true }),
    },
    { name: 'delete', method: 'DELETE', path: (u, c) => `/contact-channels/${u}/${c}?force=true` },
  ];
  const aliceChannels = () => channelsOf(t, demo, alice.user_id);
  apiScenarios(
    () => ({ t, project: demo }),
    rows.map((row) => ({
      name: `${row.name}: ${row.method} with an unknown query parameter, channels unchanged`,
      request: async () => ({
        method: row.method,
        path: row.path(alice.user_id, (await aliceChannels())[0].id),
        headers: as(demo, 'server'),
        body: row.body?.(),
      }),
      status: 400,
      knownError: 'SCHEMA_ERROR',
      unchanged: aliceChannels,
      check: (res) => void expectSchemaError(res),
    })),
  );
});
