// Isolation generated from the route table: every route of the API,
// called by another project (its client, server and admin keys, its user's token, its key
// against our project id) and by another user of the same project, aimed at one user's and one
// team's ids, must neither show their data nor change it. A route added later is covered
// without editing this file.
import { expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { apiRoutes, schemaTables, tableRowsText, type SchemaTable } from '../support/api-fuzz';
import { as, call, makeProject, uniqueEmail } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { createHash } from 'node:crypto';
import { withInstance } from '../support/file-instance';

let t: TestInstance, victimProject: BootstrappedProject, attackerProject: BootstrappedProject;
const marker = `isolation-secret-${crypto.randomUUID()}`;
const victim = { email: uniqueEmail('alice'), id: '', token: '', teamId: '', channelId: '' };
let bobToken = '';
let carolToken = '';

async function userWithSession(project: BootstrappedProject, body: Record<string, unknown>) {
  const user = await call(t, 'POST', '/users', { headers: as(project, 'server'), body });
  expect(user.status).toBe(201);
  const session = await call(t, 'POST', '/auth/sessions', { headers: as(project, 'server'), body: { user_id: user.json.id, expires_in_millis: 3_600_000 } });
  expect(session.status).toBe(200);
  return { id: user.json.id as string, token: session.json.access_token as string };
}

withInstance(async (started) => {
  ({ t } = started);
  victimProject = await makeProject(t, 'Victim');
  attackerProject = await makeProject(t, 'Attacker');
  const alice = await userWithSession(victimProject, {
    primary_email: victim.email,
    primary_email_auth_enabled: true,
    password: 'alice passphrase 1',
    display_name: `Alice ${marker}`,
    client_metadata: { note: marker },
    server_metadata: { note: marker },
  });
  Object.assign(victim, alice);
  const team = await call(t, 'POST', '/teams', {
    headers: as(victimProject, 'server'),
    body: { display_name: `Team ${marker}`, creator_user_id: alice.id, client_metadata: { note: marker } },
  });
  expect(team.status).toBe(201);
  victim.teamId = team.json.id;
  const channels = await call(t, 'GET', `/contact-channels?user_id=${alice.id}`, { headers: as(victimProject, 'server') });
  victim.channelId = channels.json.items[0].id;
  bobToken = (await userWithSession(attackerProject, { primary_email: uniqueEmail('bob'), primary_email_auth_enabled: true })).token;
  carolToken = (await userWithSession(victimProject, { primary_email: uniqueEmail('carol'), primary_email_auth_enabled: true })).token;
}, { instance: { settings: { rateLimitsDisabled: true } } });

/** Rows of a project, or only those of the victim user and team. */
async function checksum(scope: 'project' | 'victim'): Promise<string> {
  const chosen: { table: SchemaTable; where: string; id: string }[] = [];
  for (const table of schemaTables) {
    const { name, columns } = table;
    if (scope === 'project') {
      if (name === 'projects') chosen.push({ table, where: 'id = ?', id: victimProject.projectId });
      else if (columns.includes('project_id')) chosen.push({ table, where: 'project_id = ?', id: victimProject.projectId });
    } else if (name === 'users') chosen.push({ table, where: 'id = ?', id: victim.id });
    else if (name === 'teams') chosen.push({ table, where: 'id = ?', id: victim.teamId });
    else if (columns.includes('user_id')) chosen.push({ table, where: 'user_id = ?', id: victim.id });
    else if (columns.includes('team_id')) chosen.push({ table, where: 'team_id = ?', id: victim.teamId });
  }
  const texts = await Promise.all(chosen.map(({ table, where, id }) => tableRowsText(t, table, where, id)));
  const hash = createHash('sha256');
  chosen.forEach(({ table }, index) => hash.update(`${table.name}\n${texts[index]}\n`));
  return hash.digest('hex');
}

interface Intruder {
  name: string;
  headers: () => Record<string, string>;
  /** What must stay unchanged: the whole victim project, or (same project) the victim's own rows. */
  scope: 'project' | 'victim';
}

const intruders: Intruder[] = [
  { name: "another project's client with its user's token", headers: () => as(attackerProject, 'client', bobToken), scope: 'project' },
  { name: "another project's server key", headers: () => as(attackerProject, 'server'), scope: 'project' },
  { name: "another project's admin key", headers: () => as(attackerProject, 'admin'), scope: 'project' },
  {
    name: "another project's server key sent with our project id",
    headers: () => ({ ...as(victimProject, 'server'), 'x-stack-secret-server-key': attackerProject.keys.secret_server_key! }),
    scope: 'project',
  },
  {
    name: "another project's admin key sent with our project id",
    headers: () => ({ ...as(victimProject, 'admin'), 'x-stack-super-secret-admin-key': attackerProject.keys.super_secret_admin_key! }),
    scope: 'project',
  },
  { name: "our client key with another project's user token", headers: () => as(victimProject, 'client', bobToken), scope: 'project' },
  { name: 'another user of the same project', headers: () => as(victimProject, 'client', carolToken), scope: 'victim' },
];

function victimPath(path: string): string {
  const values: Record<string, string> = {
    user_id: victim.id,
    team_id: victim.teamId,
    contact_channel_id: victim.channelId,
    project_id: victimProject.projectId,
    api_key_id: victimProject.keys.id,
    provider_id: 'github',
    permission_id: 'team_admin',
    type: 'password_reset',
  };
  return path.replace(/:([a-z_]+)/g, (_m, name: string) => values[name] ?? crypto.randomUUID());
}

const bodies = () => [
  {},
  { display_name: 'taken over' },
  { user_id: victim.id },
  { team_id: victim.teamId, user_id: victim.id },
  { client_metadata: { taken: true } },
];

test('no route reads or changes another project’s or another user’s data', async () => {
  const routes = apiRoutes(t);
  expect(routes.length).toBeGreaterThan(80);
  const leaks: string[] = [];
  const changes: string[] = [];
  let calls = 0;
  for (const intruder of intruders) {
    for (const route of routes) {
      const path = `${victimPath(route.path)}?user_id=${victim.id}&team_id=${victim.teamId}`;
      for (const body of route.method === 'GET' ? [undefined] : bodies()) {
        const before = await checksum(intruder.scope);
        const res = await call(t, route.method, path, { headers: intruder.headers(), body });
        calls++;
        const label = `${intruder.name}: ${route.method} ${route.path} ${JSON.stringify(body ?? null)} → ${res.status}`;
        if (res.text.includes(marker) || res.text.includes(victim.email)) leaks.push(label);
        if ((await checksum(intruder.scope)) !== before) changes.push(label);
      }
    }
  }
  console.log(`isolation: ${calls} calls, ${routes.length} routes, ${intruders.length} intruders`);
  expect(leaks).toEqual([]);
  expect(changes).toEqual([]);
  // The victim's data is still all there.
  const alice = await call(t, 'GET', `/users/${victim.id}`, { headers: as(victimProject, 'server') });
  expect(alice.json.display_name).toBe(`Alice ${marker}`);
}, 120_000);
