// Who may touch whose contact channels: a client naming another user's id is
// refused (403 text; 400 text on the per-channel send), `me` without a signed-in user is
// CANNOT_GET_OWN_USER_WITHOUT_USER, and a user id that is neither a UUID nor `me` is a
// SCHEMA_ERROR. Nothing refused changes anyone's channels or sends an email.
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
import type { ApiResult, TestInstance } from '../support/instance';
import {
  addChannel,
  channelsOf,
  expectNoChange,
  queuedEmailCount,
  serverUser,
  signUp,
  trustedCallback,
  type TestUser,
} from '../support/contact-channels';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject, alice: TestUser, bob: TestUser;
/** A second, unverified channel of bob's, the target of the per-channel rows. */
let bobChannel: any;

withInstance(async (started) => {
  ({ t, demo } = started);
  alice = await signUp(t, demo, uniqueEmail('alice'));
  bob = await serverUser(t, demo, uniqueEmail('bob'));
  bobChannel = await addChannel(t, demo, bob.user_id, { value: uniqueEmail('bob-second') });
});

type Op = { name: string; run: (headers: Record<string, string>, userId: string, channelId: string) => Promise<ApiResult> };

/** Every contact-channel endpoint that takes a user id, as the SDK would call it. */
const ops: Op[] = [
  { name: 'list', run: (headers, userId) => call(t, 'GET', `/contact-channels?user_id=${userId}`, { headers }) },
  {
    name: 'create',
    run: (headers, userId) =>
      call(t, 'POST', '/contact-channels', {
        headers,
        body: { user_id: userId, value: uniqueEmail('intruder'), used_for_auth: false },
      }),
  },
  { name: 'read', run: (headers, userId, channelId) => call(t, 'GET', `/contact-channels/${userId}/${channelId}`, { headers }) },
  {
    name: 'patch',
    run: (headers, userId, channelId) =>
      call(t, 'PATCH', `/contact-channels/${userId}/${channelId}`, { headers, body: { value: uniqueEmail('hijack') } }),
  },
  {
    name: 'delete',
    run: (headers, userId, channelId) => call(t, 'DELETE', `/contact-channels/${userId}/${channelId}`, { headers }),
  },
  {
    name: 'send-verification-code',
    run: (headers, userId, channelId) =>
      call(t, 'POST', `/contact-channels/${userId}/${channelId}/send-verification-code`, {
        headers,
        body: { callback_url: trustedCallback },
      }),
  },
];

describe("a client naming another user's id", () => {
  for (const op of ops) {
    const status = op.name === 'send-verification-code' ? 400 : 403;
    test(`${op.name} → ${status} text; bob's channels unchanged, no email`, async () => {
      const res = await expectNoChange(t, demo, [alice.user_id, bob.user_id], () =>
        op.run(as(demo, 'client', alice.access_token), bob.user_id, bobChannel.id),
      );
      expectTextError(res, status);
      expect(await queuedEmailCount(t, bobChannel.value)).toBe(0);
    });
  }

  // Stack reads the caller's own user before comparing ids, so a client with no user is told so.
  for (const op of ops) {
    test(`${op.name} with another user's id and no access token → CANNOT_GET_OWN_USER_WITHOUT_USER`, async () => {
      const res = await expectNoChange(t, demo, [bob.user_id], () => op.run(as(demo, 'client'), bob.user_id, bobChannel.id));
      expectKnownError(res, 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
      expect(res.json.error).toBe("You have specified 'me' as a userId, but did not provide authentication for a user.");
      expect(await queuedEmailCount(t, bobChannel.value)).toBe(0);
    });
  }

  test("the client's own id in place of `me` is accepted", async () => {
    const own = (await channelsOf(t, demo, alice.user_id))[0];
    const res = await call(t, 'GET', `/contact-channels/${alice.user_id}/${own.id}`, {
      headers: as(demo, 'client', alice.access_token),
    });
    expect(expectOk(res)).toEqual(own);
  });
});

describe('`me` without a signed-in user', () => {
  const callers: { name: string; headers: () => Record<string, string> }[] = [
    { name: 'client key', headers: () => as(demo, 'client') },
    { name: 'server key', headers: () => as(demo, 'server') },
  ];
  for (const caller of callers) {
    for (const op of ops) {
      test(`${caller.name}: ${op.name} → CANNOT_GET_OWN_USER_WITHOUT_USER`, async () => {
        const res = await expectNoChange(t, demo, [alice.user_id, bob.user_id], () =>
          op.run(caller.headers(), 'me', bobChannel.id),
        );
        expectKnownError(res, 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
        expect(await queuedEmailCount(t, bobChannel.value)).toBe(0);
      });
    }
  }
});

describe('a user id that is neither a UUID nor `me` → SCHEMA_ERROR', () => {
  const badIds = ['not-a-uuid', 'ME', '12345'];
  for (const badId of badIds) {
    for (const op of ops) {
      test(`${op.name} with user id "${badId}"`, async () => {
        const res = await expectNoChange(t, demo, [alice.user_id], () =>
          op.run(as(demo, 'client', alice.access_token), badId, unknownUuid()),
        );
        expectSchemaError(res, 'user_id');
      });
    }
  }

  const perChannel = ops.filter((op) => !['list', 'create'].includes(op.name));
  for (const op of perChannel) {
    test(`${op.name} with a contact channel id that is not a UUID`, async () => {
      const res = await expectNoChange(t, demo, [alice.user_id], () =>
        op.run(as(demo, 'client', alice.access_token), 'me', 'not-a-uuid'),
      );
      expectSchemaError(res, 'contact_channel_id');
    });
  }

  test('list with a contact_channel_id that is not a UUID', async () => {
    const res = await call(t, 'GET', '/contact-channels?user_id=me&contact_channel_id=nope', {
      headers: as(demo, 'client', alice.access_token),
    });
    expectSchemaError(res, 'contact_channel_id');
  });
});

describe('unknown query parameters (client)', () => {
  const crud = ops.filter((op) => op.name !== 'send-verification-code');
  for (const op of crud) {
    test(`${op.name} with ?foo=1 → SCHEMA_ERROR, nothing changed`, async () => {
      const own = (await channelsOf(t, demo, alice.user_id))[0];
      const headers = as(demo, 'client', alice.access_token);
      const res = await expectNoChange(t, demo, [alice.user_id], () => {
        if (op.name === 'list') return call(t, 'GET', '/contact-channels?user_id=me&foo=1', { headers });
        if (op.name === 'create')
          return call(t, 'POST', '/contact-channels?foo=1', {
            headers,
            body: { user_id: 'me', value: uniqueEmail('q'), used_for_auth: false },
          });
        const method = { read: 'GET', patch: 'PATCH', delete: 'DELETE' }[op.name]!;
        return call(t, method, `/contact-channels/me/${own.id}?foo=1`, {
          headers,
          body: method === 'PATCH' ? { used_for_auth: false } : undefined,
        });
      });
      expectSchemaError(res, 'foo');
    });
  }
});
