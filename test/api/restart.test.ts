// Data survives a restart on the same data directory (or PostgreSQL database), and the second
// start bootstraps nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { newDataLocation, startTestInstance, type DataLocation, type TestInstance } from '../support/instance';
import { adminView, as, call, expectKnownError } from '../support/projects';

let place: DataLocation;
const running: TestInstance[] = [];

beforeAll(async () => {
  place = await newDataLocation('authd-restart-test-');
});
afterAll(async () => {
  for (const instance of running) await instance.stop().catch(() => {});
  await place.remove();
});

async function start(): Promise<TestInstance> {
  const instance = await startTestInstance(place.startOptions);
  running.push(instance);
  return instance;
}

async function stop(instance: TestInstance): Promise<void> {
  running.splice(running.indexOf(instance), 1);
  await instance.stop();
}

async function projectCount(instance: TestInstance): Promise<number> {
  const [row] = await instance.rows('SELECT count(*) AS n FROM projects');
  return Number(row!.n);
}

describe('restart on the same data directory', () => {
  test('project changes, API key sets and revocations persist; bootstrap runs once', async () => {
    const first = await start();
    expect(first.internal).toBeDefined();
    const demo: BootstrappedProject = first.demo!;
    expect(demo).toBeDefined();
    const internal = first.internal;
    const countBefore = await projectCount(first);

    const patched = await call(first, 'PATCH', '/projects/current', {
      headers: as(demo, 'admin'),
      body: {
        display_name: 'Survives restarts',
        description: 'persisted',
        config: {
          allow_localhost: false,
          magic_link_enabled: false,
          domains: [
            { domain: 'https://b.example.com', handler_path: '/handler' },
            { domain: 'https://a.example.com', handler_path: '/h' },
          ],
          oauth_providers: [
            { id: 'google', type: 'shared', enabled: true },
            { id: 'github', type: 'standard', enabled: true, client_id: 'gh', client_secret: 'gh-secret' },
          ],
          email_config: {
            type: 'standard',
            host: 'smtp.example.com',
            port: 2525,
            username: 'u',
            password: 'p',
            sender_name: 'Sender',
            sender_email: 'sender@example.com',
          },
          team_member_default_permissions: [{ id: '$read_members' }],
        },
      },
    });
    expect(patched.status).toBe(200);
    const viewBefore = patched.json;

    /** A key set valid for an hour, with a secret server key and no admin key. */
    const createKeySet = (description: string, withPublishableKey: boolean) =>
      call(first, 'POST', '/internal/api-keys', {
        headers: as(demo, 'admin'),
        body: {
          description,
          expires_at_millis: Date.now() + 3_600_000,
          has_publishable_client_key: withPublishableKey,
          has_secret_server_key: true,
          has_super_secret_admin_key: false,
        },
      });
    const created = await createKeySet('made before restart', true);
    expect(created.status).toBe(200);
    const revoked = await createKeySet('revoked before restart', false);
    expect(
      (
        await call(first, 'PATCH', `/internal/api-keys/${revoked.json.id}`, {
          headers: as(demo, 'admin'),
          body: { revoked: true },
        })
      ).status,
    ).toBe(200);
    const keyListBefore = (await call(first, 'GET', '/internal/api-keys', { headers: as(demo, 'admin') })).json;
    await stop(first);

    const second = await start();
    // Nothing is bootstrapped on a data directory that already has projects.
    expect(second.internal).toBeUndefined();
    expect(second.demo).toBeUndefined();
    expect(await projectCount(second)).toBe(countBefore);

    // The bootstrap keys still work, and the project is as it was left.
    expect(await adminView(second, demo)).toEqual(viewBefore);
    const client = await call(second, 'GET', '/projects/current', { headers: as(demo, 'client') });
    expect(client.status).toBe(200);
    expect(client.json.display_name).toBe('Survives restarts');
    expect(client.json.config.enabled_oauth_providers).toEqual([{ id: 'github' }, { id: 'google' }]);
    expect((await call(second, 'GET', '/projects/current', { headers: as(internal, 'admin') })).status).toBe(200);

    // Key sets, including the one created over the API, are still there and still work.
    expect((await call(second, 'GET', '/internal/api-keys', { headers: as(demo, 'admin') })).json).toEqual(keyListBefore);
    const madeByApi = await call(second, 'GET', '/projects/current', {
      headers: {
        'x-stack-project-id': demo.projectId,
        'x-stack-access-type': 'server',
        'x-stack-secret-server-key': created.json.secret_server_key,
      },
    });
    expect(madeByApi.status).toBe(200);
    // A revocation made before the restart still holds.
    const stillRevoked = await call(second, 'GET', '/projects/current', {
      headers: {
        'x-stack-project-id': demo.projectId,
        'x-stack-access-type': 'server',
        'x-stack-secret-server-key': revoked.json.secret_server_key,
      },
    });
    expectKnownError(stillRevoked, 401, 'INVALID_SECRET_SERVER_KEY');

    // Changes made after the restart persist through another one.
    const renamed = await call(second, 'PATCH', '/projects/current', {
      headers: as(demo, 'admin'),
      body: { display_name: 'Second life' },
    });
    expect(renamed.status).toBe(200);
    await stop(second);

    const third = await start();
    expect(third.internal).toBeUndefined();
    expect(third.demo).toBeUndefined();
    expect(await projectCount(third)).toBe(countBefore);
    const view = await adminView(third, demo);
    expect(view.display_name).toBe('Second life');
    expect({ ...view, display_name: viewBefore.display_name }).toEqual(viewBefore);
    await stop(third);
  });
});
