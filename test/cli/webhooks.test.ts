// `authd webhooks add|list|remove|deliveries|retry` as real CLI processes on the data directory
// of a running server, and changes made through the CLI (users, teams, memberships) delivered
// by that server's worker to a receiver that verifies every delivery with standardwebhooks.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import { makeProject, uuidPattern } from '../support/api-expectations';
import { pollUntil } from '../support/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { cliJson, cliOk, expectOneLineError, removeScratchDirs, scratchDir, runCli } from '../support/cli';

afterAll(removeScratchDirs);

const dataDir = scratchDir();
let t: TestInstance, receiver: WebhookReceiver, project: BootstrappedProject, endpointId: string;

const inProject = (...args: string[]) => [...args, '--project', project.projectId, '--data', dataDir];

beforeAll(async () => {
  t = await startTestInstance({ dataDir });
  receiver = startWebhookReceiver();
  project = await makeProject(t, 'CLI webhooks');
});

afterAll(async () => {
  await t?.stop();
  await receiver?.stop();
});

describe('endpoints', () => {
  test('add --json prints exactly {id, url, secret}, with the whsec_ secret', async () => {
    const result = await runCli(inProject('webhooks', 'add', '--url', receiver.url, '--json'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const added = JSON.parse(result.stdout);
    expect(Object.keys(added)).toEqual(['id', 'url', 'secret']);
    expect(added.id).toMatch(uuidPattern);
    expect(added.url).toBe(receiver.url);
    expect(added.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    endpointId = added.id;
    receiver.secret = added.secret;
  });

  test('list shows the endpoint and never the secret', async () => {
    const listed = await cliJson(inProject('webhooks', 'list'));
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0].id).toBe(endpointId);
    expect(listed.items[0].url).toBe(receiver.url);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    const text = await cliOk(inProject('webhooks', 'list'));
    expect(text).toContain(`${endpointId}  ${receiver.url}`);
    expect(text).not.toContain('whsec_');
  });

  test('add without --json says the secret is shown once', async () => {
    const text = await cliOk(inProject('webhooks', 'add', '--url', 'https://example.com/second', '--description', 'spare'));
    expect(text).toMatch(/^Added webhook endpoint [0-9a-f-]{36} for https:\/\/example\.com\/second\.\n/);
    expect(text).toMatch(/Signing secret \(shown only this once\): whsec_\S+\n$/);
    const listed = await cliJson(inProject('webhooks', 'list'));
    const spare = listed.items.find((e: any) => e.url === 'https://example.com/second');
    expect(spare.description).toBe('spare');
    expect(await cliJson(inProject('webhooks', 'remove', '--yes', spare.id))).toEqual({ success: true });
    expect((await cliJson(inProject('webhooks', 'list'))).items.map((e: any) => e.id)).toEqual([endpointId]);
  });

  test('errors are one line and change nothing', async () => {
    expectOneLineError(
      await runCli(inProject('webhooks', 'add', '--url', 'ftp://example.com/x')),
      /The webhook URL must be an absolute http or https URL\./,
    );
    expectOneLineError(await runCli(inProject('webhooks', 'add')), /--url/);
    expectOneLineError(
      await runCli(inProject('webhooks', 'remove', '--yes', crypto.randomUUID())),
      /Webhook endpoint not found\./,
    );
    expectOneLineError(
      await runCli(inProject('webhooks', 'remove', '--yes', 'not-a-uuid')),
      /^authd: <endpoint-id>: Must be a UUID$/,
    );
    expectOneLineError(await runCli(inProject('webhooks', 'deliveries', endpointId, '--limit', '0')), /--limit/);
    expectOneLineError(
      await runCli(['webhooks', 'list', '--project', crypto.randomUUID(), '--data', dataDir]),
      /PROJECT_NOT_FOUND/,
    );
    expect((await cliJson(inProject('webhooks', 'list'))).items).toHaveLength(1);
  });

  test('--help lists the subcommands and their options', async () => {
    const group = await cliOk(['webhooks', '--help']);
    for (const sub of ['add', 'list', 'remove', 'deliveries', 'retry']) expect(group).toMatch(new RegExp(`^  ${sub}\\b`, 'm'));
    const add = await cliOk(['webhooks', 'add', '--help']);
    for (const option of ['--project', '--url', '--description', '--data', '--json']) expect(add).toContain(option);
  });
});

describe('changes made through the CLI reach the receiver through the running server', () => {
  let user: any, team: any;

  test('users create, update; teams create, update; members add, remove; users delete; teams delete', async () => {
    // The CLI process has no worker: the server finds the queued rows when it next polls.
    user = await cliJson(inProject('users', 'create', '--email', 'cli-hook@example.com', '--display-name', 'Cli Hook'));
    const updatedUser = await cliJson(inProject('users', 'update', '--display-name', 'Cli Renamed', user.id));
    team = await cliJson(inProject('teams', 'create', '--name', 'Cli Team'));
    const renamedTeam = await cliJson(inProject('teams', 'update', '--name', 'Cli Team 2', team.id));
    await cliOk(inProject('teams', 'members', 'add', team.id, user.id));
    await cliOk(inProject('teams', 'members', 'remove', '--yes', team.id, user.id));
    await cliOk(inProject('users', 'delete', '--yes', user.id));
    await cliOk(inProject('teams', 'delete', '--yes', team.id));

    const eventData = async (type: string, id: string) =>
      (await receiver.waitFor((e) => e.type === type && (e.data.id === id || e.data.user_id === id))).data;
    expect(await eventData('user.created', user.id)).toEqual(user);
    expect(await eventData('user.updated', user.id)).toEqual(updatedUser);
    expect(await eventData('team.created', team.id)).toEqual(team);
    expect(await eventData('team.updated', team.id)).toEqual(renamedTeam);
    expect(await eventData('team_membership.created', user.id)).toEqual({ team_id: team.id, user_id: user.id });
    expect(await eventData('team_membership.deleted', user.id)).toEqual({ team_id: team.id, user_id: user.id });
    expect(await eventData('user.deleted', user.id)).toEqual({ id: user.id, teams: [] });
    expect(await eventData('team.deleted', team.id)).toEqual({ id: team.id });
    expect(receiver.rejected).toEqual([]);
  }, 30_000);

  test('deliveries shows the log with status codes, newest first', async () => {
    // The receiver has each event as soon as it answers; the server's worker records the answer after.
    const deliveries = await pollUntil(
      async () => (await cliJson(inProject('webhooks', 'deliveries', endpointId))).items as any[],
      (items) => items.every((d) => d.status !== 'pending'),
    );
    expect(deliveries.map((d: any) => d.event_type)).toEqual([
      'team.deleted',
      'user.deleted',
      'team_membership.deleted',
      'team_membership.created',
      'team.updated',
      'team.created',
      'user.updated',
      'user.created',
    ]);
    for (const d of deliveries) {
      expect(d.status).toBe('succeeded');
      expect(d.attempt_log).toHaveLength(1);
      expect(d.attempt_log[0].status_code).toBe(200);
    }
    const limited = (await cliJson(inProject('webhooks', 'deliveries', endpointId, '--limit', '2'))).items;
    expect(limited.map((d: any) => d.id)).toEqual(deliveries.slice(0, 2).map((d: any) => d.id));
    const text = await cliOk(inProject('webhooks', 'deliveries', endpointId, '--limit', '1'));
    expect(text).toContain(`${deliveries[0].id}  team.deleted  succeeded after 1 attempt(s)`);
    expect(text).toMatch(/#1 \S+ {2}200\n/);
  });

  test('retry sends a delivery again at once: a failure is logged with its status code, then a success', async () => {
    const first = (await cliJson(inProject('webhooks', 'deliveries', endpointId))).items.at(-1);
    expect(first.event_type).toBe('user.created');
    const countBefore = receiver.received.filter((e) => e.id === first.event_id).length;

    receiver.failNext(1, 502);
    const failedRetry = await cliJson(inProject('webhooks', 'retry', first.id));
    expect(failedRetry.status).toBe('pending');
    expect(failedRetry.attempts).toBe(2);
    expect(failedRetry.last_status_code).toBe(502);
    expect(failedRetry.attempt_log.map((a: any) => a.status_code)).toEqual([200, 502]);

    const text = await cliOk(inProject('webhooks', 'retry', first.id));
    expect(text).toContain(`${first.id}  user.created  succeeded after 3 attempt(s)`);
    expect(text).toMatch(/#2 \S+ {2}502 \(the endpoint answered 502\)\n/);
    expect(text).toMatch(/#3 \S+ {2}200\n/);

    // The same signed message (same webhook-id) arrived twice more, verified each time.
    const copies = receiver.received.filter((e) => e.id === first.event_id);
    expect(copies.length).toBe(countBefore + 2);
    expect(copies.map((e) => e.answeredStatus).slice(-2)).toEqual([502, 200]);
    expect(receiver.rejected).toEqual([]);
    expectOneLineError(await runCli(inProject('webhooks', 'retry', crypto.randomUUID())), /Webhook delivery not found\./);
  });

  test('removing the endpoint stops deliveries for new changes', async () => {
    await cliOk(inProject('webhooks', 'remove', '--yes', endpointId));
    expect((await cliJson(inProject('webhooks', 'list'))).items).toEqual([]);
    const before = receiver.received.length;
    await cliJson(inProject('users', 'create', '--email', 'after-remove@example.com'));
    const events = t.sqlite.query('SELECT count(*) AS n FROM webhook_deliveries WHERE project_id = ?').get(project.projectId) as {
      n: number;
    };
    expect(events.n).toBe(0);
    expect(receiver.received.length).toBe(before);
  });
});
