// /internal/api-keys: creation, listing, reading, revocation, expiry,
// isolation between projects, and keys never stored in plain text.
import { beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { apiScenarios, type ApiScenario, type ScenarioRequest } from '../support/api-scenarios';
import type { TestInstance } from '../support/instance';
import { as, call, expectKnownError, keyPatterns, makeProject, sleep, unknownUuid } from '../support/projects';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject;
/** A project of its own, so the list order is fully known. */
let project: BootstrappedProject;
/** Every full key this file has seen, for the plain-text check. */
const seenKeys: string[] = [];

withInstance(async (started) => {
  ({ t, demo } = started);
  project = await makeProject(t, 'API key project');
  for (const p of [t.internal, demo, project]) {
    seenKeys.push(p.keys.publishable_client_key!, p.keys.secret_server_key!, p.keys.super_secret_admin_key!);
  }
});

const kinds = ['publishable_client_key', 'secret_server_key', 'super_secret_admin_key'] as const;
type Kind = (typeof kinds)[number];
const levelOf: Record<Kind, 'client' | 'server' | 'admin'> = {
  publishable_client_key: 'client',
  secret_server_key: 'server',
  super_secret_admin_key: 'admin',
};
const invalidCodeOf: Record<Kind, string> = {
  publishable_client_key: 'INVALID_PUBLISHABLE_CLIENT_KEY',
  secret_server_key: 'INVALID_SECRET_SERVER_KEY',
  super_secret_admin_key: 'INVALID_SUPER_SECRET_ADMIN_KEY',
};
const headerOf: Record<Kind, string> = {
  publishable_client_key: 'x-stack-publishable-client-key',
  secret_server_key: 'x-stack-secret-server-key',
  super_secret_admin_key: 'x-stack-super-secret-admin-key',
};

async function createKeySet(
  owner: BootstrappedProject,
  options: { description?: string; expiresAtMillis?: number; kinds?: readonly Kind[] } = {},
) {
  const wanted = new Set(options.kinds ?? kinds);
  const res = await call(t, 'POST', '/internal/api-keys', {
    headers: as(owner, 'admin'),
    body: {
      description: options.description ?? 'test key set',
      expires_at_millis: options.expiresAtMillis ?? Date.now() + 24 * 3600 * 1000,
      has_publishable_client_key: wanted.has('publishable_client_key'),
      has_secret_server_key: wanted.has('secret_server_key'),
      has_super_secret_admin_key: wanted.has('super_secret_admin_key'),
    },
  });
  for (const kind of kinds) if (typeof res.json?.[kind] === 'string') seenKeys.push(res.json[kind]);
  return res;
}

/** Calls GET /projects/current on `projectId` with a single key of the given kind. */
function useKey(projectId: string, kind: Kind, key: string) {
  return call(t, 'GET', '/projects/current', {
    headers: { 'x-stack-project-id': projectId, 'x-stack-access-type': levelOf[kind], [headerOf[kind]]: key },
  });
}

const obfuscatedKeys = new Set([
  'id',
  'description',
  'expires_at_millis',
  'manually_revoked_at_millis',
  'created_at_millis',
  ...kinds,
]);

describe('POST /internal/api-keys', () => {
  const combos: { name: string; kinds: Kind[] }[] = [
    { name: 'all three keys', kinds: [...kinds] },
    { name: 'publishable only', kinds: ['publishable_client_key'] },
    { name: 'secret server only', kinds: ['secret_server_key'] },
    { name: 'admin only', kinds: ['super_secret_admin_key'] },
    { name: 'publishable and secret', kinds: ['publishable_client_key', 'secret_server_key'] },
  ];
  test.each(combos.map((row) => [row.name, row] as const))('%s → 200 creation view with only those keys', async (_name, row) => {
    const expiresAt = Date.now() + 7 * 24 * 3600 * 1000;
    const before = Date.now();
    const res = await createKeySet(project, { description: `combo ${row.name}`, expiresAtMillis: expiresAt, kinds: row.kinds });
    expect(res.status).toBe(200);
    const view = res.json;
    expect(view.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(view.description).toBe(`combo ${row.name}`);
    expect(view.expires_at_millis).toBe(expiresAt);
    expect(view.created_at_millis).toBeGreaterThanOrEqual(before - 1000);
    expect(view.created_at_millis).toBeLessThanOrEqual(Date.now() + 1000);
    expect('manually_revoked_at_millis' in view).toBe(false);
    expect(Object.keys(view).sort()).toEqual(
      ['created_at_millis', 'description', 'expires_at_millis', 'id', ...row.kinds].sort(),
    );
    for (const kind of kinds) {
      if (row.kinds.includes(kind)) {
        expect(view[kind]).toMatch(keyPatterns[kind]);
        // Each created key authenticates at once, for its own access level.
        expect((await useKey(project.projectId, kind, view[kind])).status).toBe(200);
      } else {
        expect(view[kind]).toBeUndefined();
      }
    }
  });

  apiScenarios(
    () => ({ t, project }),
    [
      {
        name: 'a new key set is recorded as api_keys.created',
        request: () => ({
          method: 'POST',
          path: '/internal/api-keys',
          headers: as(project, 'admin'),
          body: {
            description: 'audited',
            expires_at_millis: Date.now() + 3600_000,
            has_publishable_client_key: false,
            has_secret_server_key: true,
            has_super_secret_admin_key: false,
          },
        }),
        status: 200,
        audit: ['api_keys.created'],
        check: (res) => {
          expect(res.json.secret_server_key).toMatch(keyPatterns.secret_server_key);
          seenKeys.push(res.json.secret_server_key);
        },
      },
      {
        name: 'revoking it is recorded as api_keys.revoked',
        request: async () => {
          const set = await createKeySet(project, { description: 'to revoke', kinds: ['secret_server_key'] });
          return {
            method: 'PATCH',
            path: `/internal/api-keys/${set.json.id}`,
            headers: as(project, 'admin'),
            body: { revoked: true },
          };
        },
        status: 200,
        audit: ['api_keys.revoked'],
      },
    ],
  );

  test('no key requested at all is refused and creates nothing', async () => {
    const before = await call(t, 'GET', '/internal/api-keys', { headers: as(project, 'admin') });
    const res = await createKeySet(project, { kinds: [] });
    expect(res.status).toBe(400);
    const after = await call(t, 'GET', '/internal/api-keys', { headers: as(project, 'admin') });
    expect(after.json).toEqual(before.json);
  });

  test('keys are random: two sets never share a key', async () => {
    const a = await createKeySet(project, { description: 'random a' });
    const b = await createKeySet(project, { description: 'random b' });
    for (const kind of kinds) expect(a.json[kind]).not.toBe(b.json[kind]);
  });
});

describe('GET /internal/api-keys and /internal/api-keys/:id', () => {
  let owner: BootstrappedProject;
  const created: any[] = [];
  beforeAll(async () => {
    owner = await makeProject(t, 'Listing project');
    for (const description of ['first', 'second', 'third']) {
      // Distinct creation times, so "newest first" has one answer.
      await sleep(5);
      const res = await createKeySet(owner, { description, kinds: description === 'second' ? ['secret_server_key'] : kinds });
      expect(res.status).toBe(200);
      created.push(res.json);
    }
  });

  test('list is newest first, not paginated, with only last_four of each key', async () => {
    const res = await call(t, 'GET', '/internal/api-keys', { headers: as(owner, 'admin') });
    expect(res.status).toBe(200);
    expect(res.json.is_paginated).toBe(false);
    const items = res.json.items;
    // The three created here, newest first, then the set makeProject created (oldest).
    expect(items.map((i: any) => i.description)).toEqual(['third', 'second', 'first', 'keys of Listing project']);
    for (const item of items) {
      for (const key of Object.keys(item)) expect(obfuscatedKeys.has(key)).toBe(true);
    }
    const [third, second, first] = items;
    expect(second).toEqual({
      id: created[1].id,
      description: 'second',
      expires_at_millis: created[1].expires_at_millis,
      created_at_millis: created[1].created_at_millis,
      secret_server_key: { last_four: created[1].secret_server_key.slice(-4) },
    });
    for (const [item, source] of [
      [first, created[0]],
      [third, created[2]],
    ] as const) {
      expect(item.id).toBe(source.id);
      for (const kind of kinds) expect(item[kind]).toEqual({ last_four: source[kind].slice(-4) });
    }
    // No full key appears anywhere in the list.
    for (const set of created) for (const kind of kinds) if (set[kind]) expect(res.text).not.toContain(set[kind]);
  });

  test('GET by id returns the obfuscated view, equal to the list item', async () => {
    const list = await call(t, 'GET', '/internal/api-keys', { headers: as(owner, 'admin') });
    for (const item of list.json.items) {
      const res = await call(t, 'GET', `/internal/api-keys/${item.id}`, { headers: as(owner, 'admin') });
      expect(res.status).toBe(200);
      expect(res.json).toEqual(item);
    }
  });

  test('PATCH description updates only the description', async () => {
    const target = created[0];
    const before = (await call(t, 'GET', `/internal/api-keys/${target.id}`, { headers: as(owner, 'admin') })).json;
    const res = await call(t, 'PATCH', `/internal/api-keys/${target.id}`, {
      headers: as(owner, 'admin'),
      body: { description: 'renamed' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...before, description: 'renamed' });
    const empty = await call(t, 'PATCH', `/internal/api-keys/${target.id}`, { headers: as(owner, 'admin'), body: {} });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ ...before, description: 'renamed' });
    // The keys of the set still work.
    expect((await useKey(owner.projectId, 'secret_server_key', target.secret_server_key)).status).toBe(200);
  });
});

describe('revocation (PATCH {revoked: true})', () => {
  test('sets manually_revoked_at_millis and every key of the set is refused at once', async () => {
    const owner = await makeProject(t, 'Revocation project');
    const set = (await createKeySet(owner, { description: 'to revoke' })).json;
    const keep = (await createKeySet(owner, { description: 'to keep' })).json;
    for (const kind of kinds) expect((await useKey(owner.projectId, kind, set[kind])).status).toBe(200);

    const before = Date.now();
    const res = await call(t, 'PATCH', `/internal/api-keys/${set.id}`, { headers: as(owner, 'admin'), body: { revoked: true } });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(set.id);
    expect(res.json.manually_revoked_at_millis).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json.manually_revoked_at_millis).toBeLessThanOrEqual(Date.now() + 1000);
    for (const kind of kinds) expect(res.json[kind]).toEqual({ last_four: set[kind].slice(-4) });

    for (const kind of kinds) {
      const refused = await useKey(owner.projectId, kind, set[kind]);
      expectKnownError(refused, 401, invalidCodeOf[kind], { project_id: owner.projectId });
    }
    // Another set of the same project is unaffected.
    for (const kind of kinds) expect((await useKey(owner.projectId, kind, keep[kind])).status).toBe(200);

    // GET and the list show the revocation; revoking again keeps the first time.
    const read = await call(t, 'GET', `/internal/api-keys/${set.id}`, { headers: as(owner, 'admin') });
    expect(read.json).toEqual(res.json);
    const again = await call(t, 'PATCH', `/internal/api-keys/${set.id}`, {
      headers: as(owner, 'admin'),
      body: { revoked: true, description: 'revoked twice' },
    });
    expect(again.status).toBe(200);
    expect(again.json.manually_revoked_at_millis).toBe(res.json.manually_revoked_at_millis);
    expect(again.json.description).toBe('revoked twice');
    const list = await call(t, 'GET', '/internal/api-keys', { headers: as(owner, 'admin') });
    expect(list.json.items.find((i: any) => i.id === set.id).manually_revoked_at_millis).toBe(
      res.json.manually_revoked_at_millis,
    );
    expect('manually_revoked_at_millis' in list.json.items.find((i: any) => i.id === keep.id)).toBe(false);
  });

  test('revoked: false is a SCHEMA_ERROR and does not revoke or un-revoke', async () => {
    const owner = await makeProject(t, 'No unrevoke');
    const set = (await createKeySet(owner, { kinds: ['secret_server_key'] })).json;
    const res = await call(t, 'PATCH', `/internal/api-keys/${set.id}`, { headers: as(owner, 'admin'), body: { revoked: false } });
    expectKnownError(res, 400, 'SCHEMA_ERROR');
    expect((await useKey(owner.projectId, 'secret_server_key', set.secret_server_key)).status).toBe(200);

    await call(t, 'PATCH', `/internal/api-keys/${set.id}`, { headers: as(owner, 'admin'), body: { revoked: true } });
    const undo = await call(t, 'PATCH', `/internal/api-keys/${set.id}`, {
      headers: as(owner, 'admin'),
      body: { revoked: false },
    });
    expectKnownError(undo, 400, 'SCHEMA_ERROR');
    expectKnownError(await useKey(owner.projectId, 'secret_server_key', set.secret_server_key), 401, 'INVALID_SECRET_SERVER_KEY');
  });

  test('an admin can revoke the very key set it authenticates with; later calls are refused', async () => {
    const owner = await makeProject(t, 'Self revocation');
    const res = await call(t, 'PATCH', `/internal/api-keys/${owner.keys.id}`, {
      headers: as(owner, 'admin'),
      body: { revoked: true },
    });
    expect(res.status).toBe(200);
    expectKnownError(
      await call(t, 'GET', '/internal/api-keys', { headers: as(owner, 'admin') }),
      401,
      'INVALID_SUPER_SECRET_ADMIN_KEY',
    );
  });
});

describe('expiry', () => {
  const expiries: [string, () => number][] = [
    ['in the past', () => Date.now() - 60_000],
    ['at the epoch', () => 0],
  ];
  test.each(expiries)('a key set created with expires_at_millis %s is refused for every kind', async (_label, expiresAt) => {
    const owner = await makeProject(t, 'Expired keys');
    const res = await createKeySet(owner, { description: 'expired', expiresAtMillis: expiresAt() });
    expect(res.status).toBe(200);
    for (const kind of kinds) {
      expect(res.json[kind]).toMatch(keyPatterns[kind]);
      expectKnownError(await useKey(owner.projectId, kind, res.json[kind]), 401, invalidCodeOf[kind], {
        project_id: owner.projectId,
      });
    }
    // The set is still listed (it exists, it just does not authenticate).
    const read = await call(t, 'GET', `/internal/api-keys/${res.json.id}`, { headers: as(owner, 'admin') });
    expect(read.status).toBe(200);
    expect(read.json.expires_at_millis).toBe(res.json.expires_at_millis);
    expect(read.json.expires_at_millis).toBeLessThan(Date.now());
  });
});

describe('not found and isolation between projects', () => {
  const notFound = (
    name: string,
    request: () => Omit<ScenarioRequest, 'headers'>,
    caller: () => BootstrappedProject = () => demo,
  ): ApiScenario => ({
    name: `${name} → API_KEY_NOT_FOUND 404`,
    request: () => ({ ...request(), headers: as(caller(), 'admin') }),
    status: 404,
    knownError: 'API_KEY_NOT_FOUND',
    check: (res) => expect('details' in res.json).toBe(false),
  });
  // Audit counted in the demo project: a refused revoke records nothing.
  apiScenarios(
    () => ({ t, project: demo }),
    [
      notFound('GET unknown id', () => ({ method: 'GET', path: `/internal/api-keys/${unknownUuid()}` })),
      notFound('PATCH unknown id', () => ({
        method: 'PATCH',
        path: `/internal/api-keys/${unknownUuid()}`,
        body: { revoked: true },
      })),
      notFound('GET a key set of the internal project via demo', () => ({
        method: 'GET',
        path: `/internal/api-keys/${t.internal.keys.id}`,
      })),
      notFound('PATCH (revoke) a key set of the internal project via demo', () => ({
        method: 'PATCH',
        path: `/internal/api-keys/${t.internal.keys.id}`,
        body: { revoked: true },
      })),
    ],
  );
  // Audit counted in the other project, the caller.
  apiScenarios(
    () => ({ t, project }),
    [
      notFound(
        'PATCH (rename) a key set of demo via another project',
        () => ({ method: 'PATCH', path: `/internal/api-keys/${demo.keys.id}`, body: { description: 'hijacked' } }),
        () => project,
      ),
    ],
  );

  test('the foreign key sets above were not touched', async () => {
    const internal = await call(t, 'GET', `/internal/api-keys/${t.internal.keys.id}`, { headers: as(t.internal, 'admin') });
    expect(internal.status).toBe(200);
    expect('manually_revoked_at_millis' in internal.json).toBe(false);
    const demoSet = await call(t, 'GET', `/internal/api-keys/${demo.keys.id}`, { headers: as(demo, 'admin') });
    expect(demoSet.json.description).not.toBe('hijacked');
    expect((await call(t, 'GET', '/projects/current', { headers: as(t.internal, 'admin') })).status).toBe(200);
  });

  test('each project lists only its own key sets', async () => {
    const demoList = (await call(t, 'GET', '/internal/api-keys', { headers: as(demo, 'admin') })).json.items;
    const internalList = (await call(t, 'GET', '/internal/api-keys', { headers: as(t.internal, 'admin') })).json.items;
    const demoIds = new Set(demoList.map((i: any) => i.id));
    expect(demoIds.has(demo.keys.id)).toBe(true);
    expect(demoIds.has(t.internal.keys.id)).toBe(false);
    expect(demoIds.has(project.keys.id)).toBe(false);
    expect(internalList.map((i: any) => i.id)).toEqual([t.internal.keys.id]);
  });

  test('a key created for one project does not authenticate another', async () => {
    const set = (await createKeySet(project, { description: 'cross' })).json;
    for (const kind of kinds) {
      expectKnownError(await useKey(demo.projectId, kind, set[kind]), 401, invalidCodeOf[kind], { project_id: demo.projectId });
    }
  });
});

describe('storage', () => {
  test('full keys are not stored in plain text (database and WAL files, or the rows on PostgreSQL)', async () => {
    // A marker stored as-is proves the search works on what is searched.
    const marker = `plain-text-marker-${crypto.randomUUID()}`;
    const marked = await createKeySet(project, { description: marker });
    expect(marked.status).toBe(200);
    expect(seenKeys.length).toBeGreaterThan(10);

    let contents: Buffer[];
    if (t.ctx.storage.dialect === 'sqlite') {
      const files = ['authd.db', 'authd.db-wal'].map((name) => join(t.dataDir, name)).filter((path) => existsSync(path));
      expect(files).toContain(join(t.dataDir, 'authd.db'));
      contents = files.map((path) => readFileSync(path));
    } else {
      // PostgreSQL's files are not ours to read: every column of every key set row, as JSON.
      const rows = await t.rows('select * from api_key_sets');
      expect(rows.length).toBeGreaterThan(10);
      contents = rows.map((row) => Buffer.from(JSON.stringify(row)));
    }
    expect(contents.some((bytes) => bytes.includes(Buffer.from(marker)))).toBe(true);
    for (const key of seenKeys) {
      for (const bytes of contents) {
        expect(bytes.includes(Buffer.from(key))).toBe(false);
        // Nor the random part without its prefix.
        expect(bytes.includes(Buffer.from(key.slice(4)))).toBe(false);
      }
    }
  });
});
