// Webhook events end to end: a real receiver verifies every delivery with the standardwebhooks
// library; each of the eight event types arrives with the data the API answered; sign-up paths
// emit too; a failed change queues nothing, and projects without endpoints queue nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { writeTransaction } from '../../server/core/storage/transactions';
import { enqueueWebhookEvent } from '../../server/core/webhooks/webhook-events';
import { startTestInstance, type TestInstance } from '../support/instance';
import { goodPassword, setProjectConfig, uniqueEmail } from '../support/user-views';
import { addEndpoint, as, call, expectKnownError, makeProject, outboxEventCount } from '../support/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let t: TestInstance, receiver: WebhookReceiver, project: BootstrappedProject;

beforeAll(async () => {
  t = await startTestInstance();
  receiver = startWebhookReceiver();
  project = await makeProject(t, 'Webhook events');
  await addEndpoint(t, project, receiver);
});

afterAll(async () => {
  await t?.stop();
  await receiver?.stop();
});

function expectOk(res: { status: number; text: string; json: any }, status = 200): any {
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith(`${status} `);
  return res.json;
}

describe('each event type arrives, signed, with the server view of the object', () => {
  let user: any, team: any;

  test('user.created carries the created user as POST /users answered it', async () => {
    user = expectOk(
      await call(t, 'POST', '/users', {
        headers: as(project, 'server'),
        body: { primary_email: uniqueEmail('hook'), primary_email_auth_enabled: true, display_name: 'Hook One' },
      }),
      201,
    );
    const event = await receiver.waitFor((e) => e.type === 'user.created' && e.data.id === user.id);
    expect(event.data).toEqual(user);
    expect(event.id).toMatch(/^msg_[0-9a-z]{26}$/);
    expect(Number(event.timestamp)).toBeGreaterThan(0);
  });

  test('user.updated carries the user after the change', async () => {
    const updated = expectOk(
      await call(t, 'PATCH', `/users/${user.id}`, {
        headers: as(project, 'server'),
        body: { display_name: 'Hook Renamed', server_metadata: { plan: 'pro' } },
      }),
    );
    const event = await receiver.waitFor((e) => e.type === 'user.updated' && e.data.id === user.id);
    expect(event.data).toEqual(updated);
    expect(event.data.display_name).toBe('Hook Renamed');
    expect(event.data.server_metadata).toEqual({ plan: 'pro' });
  });

  test('team.created carries the team', async () => {
    team = expectOk(
      await call(t, 'POST', '/teams', {
        headers: as(project, 'server'),
        body: { display_name: 'Hook Team', server_metadata: { tier: 1 } },
      }),
      201,
    );
    const event = await receiver.waitFor((e) => e.type === 'team.created' && e.data.id === team.id);
    expect(event.data).toEqual(team);
  });

  test('team.updated carries the team after the change', async () => {
    const updated = expectOk(
      await call(t, 'PATCH', `/teams/${team.id}`, { headers: as(project, 'server'), body: { display_name: 'Hook Team 2' } }),
    );
    const event = await receiver.waitFor((e) => e.type === 'team.updated' && e.data.id === team.id);
    expect(event.data).toEqual(updated);
    expect(event.data.display_name).toBe('Hook Team 2');
  });

  test('team_membership.created and .deleted carry {team_id, user_id}', async () => {
    expectOk(await call(t, 'POST', `/team-memberships/${team.id}/${user.id}`, { headers: as(project, 'server'), body: {} }), 201);
    const created = await receiver.waitFor((e) => e.type === 'team_membership.created' && e.data.user_id === user.id);
    expect(created.data).toEqual({ team_id: team.id, user_id: user.id });

    expectOk(await call(t, 'DELETE', `/team-memberships/${team.id}/${user.id}`, { headers: as(project, 'server') }));
    const deleted = await receiver.waitFor((e) => e.type === 'team_membership.deleted' && e.data.user_id === user.id);
    expect(deleted.data).toEqual({ team_id: team.id, user_id: user.id });
  });

  test('user.deleted carries the id and the teams the user was in (Stack payload)', async () => {
    expectOk(await call(t, 'POST', `/team-memberships/${team.id}/${user.id}`, { headers: as(project, 'server'), body: {} }), 201);
    expectOk(await call(t, 'DELETE', `/users/${user.id}`, { headers: as(project, 'server') }));
    const event = await receiver.waitFor((e) => e.type === 'user.deleted' && e.data.id === user.id);
    expect(event.data).toEqual({ id: user.id, teams: [{ id: team.id }] });
  });

  test('team.deleted carries the id', async () => {
    expectOk(await call(t, 'DELETE', `/teams/${team.id}`, { headers: as(project, 'server') }));
    const event = await receiver.waitFor((e) => e.type === 'team.deleted' && e.data.id === team.id);
    expect(event.data).toEqual({ id: team.id });
  });

  test('every delivery verified; every event has its own webhook-id', () => {
    expect(receiver.rejected).toEqual([]);
    const types = new Set(receiver.received.map((e) => e.type));
    expect([...types].sort()).toEqual([
      'team.created',
      'team.deleted',
      'team.updated',
      'team_membership.created',
      'team_membership.deleted',
      'user.created',
      'user.deleted',
      'user.updated',
    ]);
    const ids = receiver.received.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

test('a client changing itself emits user.updated too (core, not the route, emits)', async () => {
  const email = uniqueEmail('client');
  const signUp = expectOk(
    await call(t, 'POST', '/auth/password/sign-up', { headers: as(project, 'client'), body: { email, password: goodPassword } }),
  );
  await receiver.waitFor((e) => e.type === 'user.created' && e.data.id === signUp.user_id);
  const updated = expectOk(
    await call(t, 'PATCH', '/users/me', {
      headers: as(project, 'client', signUp.access_token),
      body: { display_name: 'Self Renamed' },
    }),
  );
  const event = await receiver.waitFor((e) => e.type === 'user.updated' && e.data.id === signUp.user_id);
  expect(event.data.display_name).toBe(updated.display_name);
  expect(event.data.primary_email).toBe(email);
});

test('password sign-up with create_team_on_sign_up emits user.created, team.created and team_membership.created', async () => {
  const other = await makeProject(t, 'Webhook sign-up teams');
  const otherReceiver = startWebhookReceiver();
  try {
    await addEndpoint(t, other, otherReceiver);
    await setProjectConfig(t, other, { create_team_on_sign_up: true });
    const email = uniqueEmail('personal');
    const signUp = expectOk(
      await call(t, 'POST', '/auth/password/sign-up', { headers: as(other, 'client'), body: { email, password: goodPassword } }),
    );
    const created = await otherReceiver.waitFor((e) => e.type === 'user.created');
    expect(created.data.id).toBe(signUp.user_id);
    expect(created.data.primary_email).toBe(email);
    expect(created.data.has_password).toBe(true);
    const team = await otherReceiver.waitFor((e) => e.type === 'team.created');
    expect(team.data.display_name).toBe(`${email}'s Team`);
    const membership = await otherReceiver.waitFor((e) => e.type === 'team_membership.created');
    expect(membership.data).toEqual({ team_id: team.data.id, user_id: signUp.user_id });
    expect(otherReceiver.rejected).toEqual([]);
    // Nothing of this project reached the first project's endpoint.
    expect(receiver.received.some((e) => e.data.id === signUp.user_id || e.data.user_id === signUp.user_id)).toBe(false);
  } finally {
    await otherReceiver.stop();
  }
});

describe('the outbox is written in the transaction of the change', () => {
  test('a failed createUser (email already used) queues no event', async () => {
    const email = uniqueEmail('dup');
    const body = { primary_email: email, primary_email_auth_enabled: true };
    expectOk(await call(t, 'POST', '/users', { headers: as(project, 'server'), body }), 201);
    const before = await outboxEventCount(t, project.projectId);
    expectKnownError(await call(t, 'POST', '/users', { headers: as(project, 'server'), body }), 409, 'USER_EMAIL_ALREADY_EXISTS');
    expect(await outboxEventCount(t, project.projectId)).toBe(before);
  });

  test('a failed team update (unknown team) queues no event', async () => {
    const before = await outboxEventCount(t, project.projectId);
    const res = await call(t, 'PATCH', `/teams/${crypto.randomUUID()}`, {
      headers: as(project, 'server'),
      body: { display_name: 'x' },
    });
    expectKnownError(res, 404, 'TEAM_NOT_FOUND');
    expect(await outboxEventCount(t, project.projectId)).toBe(before);
  });

  test('an event queued in a transaction that then fails is rolled back with it', async () => {
    const before = await outboxEventCount(t, project.projectId);
    await expect(
      writeTransaction(t.ctx, async (tx) => {
        await enqueueWebhookEvent(t.ctx, tx, project.projectId, 'team.deleted', () => ({ id: 'rolled-back' }));
        expect(await outboxEventCount(t, project.projectId)).toBe(before + 1);
        throw new Error('the change fails after queuing');
      }),
    ).rejects.toThrow('the change fails after queuing');
    expect(await outboxEventCount(t, project.projectId)).toBe(before);
  });

  test('a project without endpoints queues nothing', async () => {
    const quiet = await makeProject(t, 'No webhooks');
    expectOk(
      await call(t, 'POST', '/users', { headers: as(quiet, 'server'), body: { primary_email: uniqueEmail('quiet') } }),
      201,
    );
    expectOk(await call(t, 'POST', '/teams', { headers: as(quiet, 'server'), body: { display_name: 'Quiet' } }), 201);
    expect(await outboxEventCount(t, quiet.projectId)).toBe(0);
    const [deliveries] = await t.rows('SELECT count(*) AS n FROM webhook_deliveries WHERE project_id = ?', quiet.projectId);
    expect(Number(deliveries!.n)).toBe(0);
  });
});
