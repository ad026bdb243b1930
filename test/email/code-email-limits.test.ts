// Every way of sending a one-time code by email goes through one function
// (server/core/email/code-emails.ts) and so spends both send limits: 20 sends an hour per client
// address and 5 an hour per email address, per project. One row per path; each limit is tried
// in a project of its own so the other one does not interfere. The verification paths used to
// skip the per-client-address limit. A development instance lifts per-client-address limits for
// loopback clients only, so every send here comes from a forwarded remote address.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { rateLimitRules } from '../../server/core/credentials/rate-limits';
import { type ApiResult, type TestInstance } from '../support/instance';
import { withInstance } from '../support/file-instance';
import {
  as,
  call as callFromLoopback,
  expectOk,
  expectTextError,
  makeProject,
  setProjectConfig,
  uniqueEmail,
} from '../support/mail';
import { addChannel, serverUser } from '../support/contact-channels';

let t: TestInstance;

withInstance((started) => ({ t } = started), { instance: { settings: { trustProxy: true } } });

const remoteClient = '203.0.113.50';

/** A call from `remoteClient` (forwarded by the trusted proxy), which every limit applies to. */
const call: typeof callFromLoopback = (instance, method, path, options = {}) =>
  callFromLoopback(instance, method, path, { ...options, headers: { ...options.headers, 'x-forwarded-for': remoteClient } });

const callbackUrl = 'http://localhost:3000/handler/callback';

/** Sends one code to `address` in `project`, preparing what the path needs first. */
type Send = (address: string) => Promise<ApiResult>;

interface SendPath {
  name: string;
  setUp(project: BootstrappedProject): Promise<Send>;
}

const paths: SendPath[] = [
  {
    name: 'POST /auth/password/send-reset-code',
    setUp: async (project) => (email) =>
      call(t, 'POST', '/auth/password/send-reset-code', {
        headers: as(project, 'client'),
        body: { email, callback_url: callbackUrl },
      }),
  },
  {
    name: 'POST /auth/otp/send-sign-in-code (magic link)',
    async setUp(project) {
      await setProjectConfig(t, project, { magic_link_enabled: true });
      return (email) =>
        call(t, 'POST', '/auth/otp/send-sign-in-code', {
          headers: as(project, 'client'),
          body: { email, callback_url: callbackUrl },
        });
    },
  },
  {
    name: 'POST /team-invitations/send-code',
    async setUp(project) {
      const team = expectOk(
        await call(t, 'POST', '/teams', { headers: as(project, 'server'), body: { display_name: 'Inviters' } }),
        201,
      );
      return (email) =>
        call(t, 'POST', '/team-invitations/send-code', {
          headers: as(project, 'server'),
          body: { team_id: team.id, email, callback_url: callbackUrl },
        });
    },
  },
  {
    name: 'POST /contact-channels/{user}/{channel}/send-verification-code',
    async setUp(project) {
      const user = await serverUser(t, project);
      const channels = new Map<string, string>();
      return async (email) => {
        if (!channels.has(email)) channels.set(email, (await addChannel(t, project, user.user_id, { value: email })).id);
        return call(t, 'POST', `/contact-channels/me/${channels.get(email)}/send-verification-code`, {
          headers: as(project, 'client', user.access_token),
          body: { callback_url: callbackUrl },
        });
      };
    },
  },
  {
    name: 'POST /contact-channels/send-verification-code (the primary email)',
    async setUp(project) {
      const users = new Map<string, string>();
      return async (email) => {
        if (!users.has(email)) users.set(email, (await serverUser(t, project, email)).access_token);
        return call(t, 'POST', '/contact-channels/send-verification-code', {
          headers: as(project, 'client', users.get(email)),
          body: { email, callback_url: callbackUrl },
        });
      };
    },
  },
];

function expectSent(res: ApiResult): void {
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith('200 ');
}

function expectRateLimited(res: ApiResult): void {
  expectTextError(res, 429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('per email address', () => {
  test.each(paths)('$name', async (path) => {
    const send = await path.setUp(await makeProject(t, `Per address: ${path.name}`));
    const address = uniqueEmail('flooded');
    for (let i = 0; i < rateLimitRules.emailSendPerAddress.limit; i++) expectSent(await send(address));
    expectRateLimited(await send(address));
    // Another address is not held back.
    expectSent(await send(uniqueEmail('other')));
  });
});

describe('per client address', () => {
  test.each(paths)('$name', async (path) => {
    const send = await path.setUp(await makeProject(t, `Per client: ${path.name}`));
    for (let i = 0; i < rateLimitRules.emailSendPerIp.limit; i++) expectSent(await send(uniqueEmail('spread')));
    expectRateLimited(await send(uniqueEmail('one-too-many')));
  });
});
