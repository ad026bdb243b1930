// The `svix` client library against authd's Svix-compatible webhook API, as Stack's dashboard uses
// it: the token from POST /webhooks/svix-token, the project id as app id. An endpoint made through
// the client receives user.created (verified with svix's own Webhook class), and the client reads
// the message with its payload and the attempts, including those at an endpoint nobody answers.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Svix, Webhook } from 'svix';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import { uniqueEmail } from '../support/user-views';
import { as, call, makeProject, pollUntil } from '../support/webhooks';

let t: TestInstance, project: BootstrappedProject, svix: Svix;
const received: { body: string; headers: Record<string, string> }[] = [];
let receiver: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  t = await startTestInstance();
  project = await makeProject(t, 'Svix client');
  const token = await call(t, 'POST', '/webhooks/svix-token', { headers: as(project, 'admin'), body: {} });
  expect(token.status).toBe(201);
  // No retries of its own: a refusal must show as the error it is.
  svix = new Svix(token.json.token, { serverUrl: t.url, retryScheduleInMs: [] } as never);
  receiver = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      received.push({ body: await request.text(), headers: Object.fromEntries(request.headers) });
      return new Response('ok');
    },
  });
});

afterAll(async () => {
  receiver?.stop(true);
  await t?.stop();
});

async function createUser(): Promise<string> {
  const res = await call(t, 'POST', '/users', { headers: as(project, 'server'), body: { primary_email: uniqueEmail('svix') } });
  expect(res.status).toBe(201);
  return res.json.id;
}

describe('the svix client library', () => {
  test('create an endpoint, receive user.created signed for svix, read the message and its attempts', async () => {
    const endpoint = await svix.endpoint.create(project.projectId, {
      url: `http://127.0.0.1:${receiver.port}/hooks`,
      description: 'app',
    });
    expect(endpoint.url).toBe(`http://127.0.0.1:${receiver.port}/hooks`);
    expect(endpoint.createdAt).toBeInstanceOf(Date);
    const { key } = await svix.endpoint.getSecret(project.projectId, endpoint.id);
    expect(key).toStartWith('whsec_');

    const userId = await createUser();
    await pollUntil(
      () => received.length,
      (n) => n > 0,
    );
    const delivered = received[0]!;
    const verified = new Webhook(key).verify(delivered.body, delivered.headers) as { type: string; data: { id: string } };
    expect(verified.type).toBe('user.created');
    expect(verified.data.id).toBe(userId);

    const messages = await svix.message.list(project.projectId);
    const message = messages.data.find((m) => m.eventType === 'user.created')!;
    expect((message.payload as { data: { id: string } }).data.id).toBe(userId);
    const read = await svix.message.get(project.projectId, message.id);
    expect(read.payload).toEqual(message.payload);

    const attempts = await pollUntil(
      () => svix.messageAttempt.listByEndpoint(project.projectId, endpoint.id),
      (page) => page.data.some((attempt) => attempt.msgId === message.id && attempt.status === 0),
    );
    const attempt = attempts.data.find((a) => a.msgId === message.id)!;
    expect(attempt.responseStatusCode).toBe(200);
    expect(attempt.endpointId).toBe(endpoint.id);
  });

  test('an endpoint nobody answers still lists the message among its attempts', async () => {
    const closed = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const port = closed.port;
    closed.stop(true);
    const endpoint = await svix.endpoint.create(project.projectId, { url: `http://127.0.0.1:${port}/gone` });
    await createUser();
    const attempts = await pollUntil(
      () => svix.messageAttempt.listByEndpoint(project.projectId, endpoint.id),
      (page) => page.data.length > 0,
    );
    expect([1, 2]).toContain(attempts.data[0]!.status);
    await svix.endpoint.delete(project.projectId, endpoint.id);
  });

  test('list, change and delete endpoints; pages of messages', async () => {
    const endpoint = await svix.endpoint.create(project.projectId, { url: 'http://127.0.0.1:9/one' });
    const patched = await svix.endpoint.patch(project.projectId, endpoint.id, { description: 'renamed' });
    expect(patched.description).toBe('renamed');
    const replaced = await svix.endpoint.update(project.projectId, endpoint.id, { url: 'http://127.0.0.1:9/two' });
    expect([replaced.url, replaced.description]).toEqual(['http://127.0.0.1:9/two', '']);
    expect((await svix.endpoint.list(project.projectId)).data.map((e) => e.id)).toContain(endpoint.id);
    await svix.endpoint.delete(project.projectId, endpoint.id);
    expect((await svix.endpoint.list(project.projectId)).data.map((e) => e.id)).not.toContain(endpoint.id);

    await createUser();
    const first = await svix.message.list(project.projectId, { limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.done).toBe(false);
    const second = await svix.message.list(project.projectId, { limit: 1, iterator: first.iterator! });
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
  });

  test('refusals in Svix shapes: another app, a bad token, an unknown endpoint, an unsupported field', async () => {
    const status = async (work: Promise<unknown>) => {
      try {
        await work;
        return 'no error';
      } catch (error) {
        const failure = error as { code: number; body: { code: string } };
        return `${failure.code} ${failure.body?.code}`;
      }
    };
    const other = await makeProject(t, 'Not yours');
    expect(await status(svix.endpoint.list(other.projectId))).toBe('404 not_found');
    const forged = new Svix('whmt_forged.token', { serverUrl: t.url, retryScheduleInMs: [] } as never);
    expect(await status(forged.endpoint.list(project.projectId))).toBe('401 authentication_failed');
    expect(await status(svix.endpoint.get(project.projectId, crypto.randomUUID()))).toBe('404 not_found');
    expect(
      await status(svix.endpoint.create(project.projectId, { url: 'http://127.0.0.1:9/x', filterTypes: ['user.created'] })),
    ).toBe('422 validation');
  });
});
