// Managing endpoints: the admin API with its validation and access rules, the whsec_ secret
// shown once and sealed at rest, production-mode URL rules, and POST /webhooks/svix-token,
// whose token manages one project's webhooks and nothing else.
import { describe, expect, test } from 'bun:test';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { isPublicAddress } from '../../server/core/webhooks/public-addresses';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { openSecret } from '../../server/core/storage/secret-box';
import { webhookManagementTokenLifetimeMillis } from '../../server/core/webhooks/webhook-management-tokens';
import { startTestInstance, type TestInstance } from '../support/instance';
import { as, call, expectAdminOnly, expectKnownError, expectSchemaError, expectTextError, makeProject } from '../support/webhooks';
import { withInstance } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject, other: BootstrappedProject;

withInstance(async (started) => {
  ({ t } = started);
  project = await makeProject(t, 'Managed webhooks');
  other = await makeProject(t, 'Other project');
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('endpoints through the admin API', () => {
  test('creation shows the whsec_ secret once; reads and lists never do', async () => {
    const created = await call(t, 'POST', '/webhooks/endpoints', {
      headers: as(project, 'admin'),
      body: { url: 'https://hooks.example.com/authd', description: 'billing sync' },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(['created_at_millis', 'description', 'id', 'secret', 'url']);
    expect(created.json.url).toBe('https://hooks.example.com/authd');
    expect(created.json.description).toBe('billing sync');
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.json.secret.slice(6), 'base64')).toHaveLength(32);

    const read = await call(t, 'GET', `/webhooks/endpoints/${created.json.id}`, { headers: as(project, 'admin') });
    expect(read.status).toBe(200);
    const { secret: _secret, ...withoutSecret } = created.json;
    expect(read.json).toEqual(withoutSecret);
    const list = await call(t, 'GET', '/webhooks/endpoints', { headers: as(project, 'admin') });
    expect(list.json).toEqual({ items: [withoutSecret], is_paginated: false });
    expect(list.text).not.toContain('whsec_');

    // At rest the secret is sealed (AES-GCM with the instance key).
    const [row] = await t.rows('SELECT secret_sealed FROM webhook_endpoints WHERE id = ?', created.json.id);
    const sealed = row!.secret_sealed as string;
    expect(sealed).toStartWith('v1.');
    expect(sealed).not.toContain(created.json.secret.slice(6));
    expect(openSecret(t.ctx, sealed)).toBe(created.json.secret);
    // Nowhere in clear: SQLite's database and WAL files byte for byte; on PostgreSQL, every column
    // of every endpoint row.
    const contents =
      t.ctx.storage.dialect === 'sqlite'
        ? ['authd.db', 'authd.db-wal']
            .map((name) => join(t.dataDir, name))
            .filter(existsSync)
            .map((path) => readFileSync(path))
        : (await t.rows('SELECT * FROM webhook_endpoints')).map((endpoint) => Buffer.from(JSON.stringify(endpoint)));
    expect(contents.length).toBeGreaterThan(0);
    for (const bytes of contents) expect(bytes.includes(created.json.secret.slice(6))).toBe(false);
  });

  test('two endpoints get different secrets; deleting one leaves the other', async () => {
    const a = await call(t, 'POST', '/webhooks/endpoints', {
      headers: as(other, 'admin'),
      body: { url: 'http://127.0.0.1:9/a' },
    });
    const b = await call(t, 'POST', '/webhooks/endpoints', {
      headers: as(other, 'admin'),
      body: { url: 'http://127.0.0.1:9/b' },
    });
    expect(a.json.secret).not.toBe(b.json.secret);
    const deleted = await call(t, 'DELETE', `/webhooks/endpoints/${a.json.id}`, { headers: as(other, 'admin') });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true });
    const list = await call(t, 'GET', '/webhooks/endpoints', { headers: as(other, 'admin') });
    expect(list.json.items.map((e: any) => e.id)).toEqual([b.json.id]);
    expectTextError(
      await call(t, 'DELETE', `/webhooks/endpoints/${a.json.id}`, { headers: as(other, 'admin') }),
      404,
      'Webhook endpoint not found.',
    );
  });

  test('bad URLs and bodies are refused and create nothing', async () => {
    const headers = as(project, 'admin');
    const before = (await call(t, 'GET', '/webhooks/endpoints', { headers })).json.items.length;
    for (const url of ['not a url', 'ftp://example.com/hook', 'javascript:alert(1)', '/relative/path']) {
      expectTextError(
        await call(t, 'POST', '/webhooks/endpoints', { headers, body: { url } }),
        400,
        'The webhook URL must be an absolute http or https URL.',
      );
    }
    expectTextError(
      await call(t, 'POST', '/webhooks/endpoints', { headers, body: { url: 'https://user:pw@example.com/x' } }),
      400,
      'The webhook URL must not contain credentials.',
    );
    expectTextError(
      await call(t, 'POST', '/webhooks/endpoints', { headers, body: { url: `https://example.com/${'a'.repeat(2100)}` } }),
      400,
      'Webhook URLs may be at most 2048 characters long.',
    );
    expectSchemaError(await call(t, 'POST', '/webhooks/endpoints', { headers, body: {} }), 'url');
    expectSchemaError(await call(t, 'POST', '/webhooks/endpoints', { headers, body: { url: 42 } }), 'url');
    expectSchemaError(
      await call(t, 'POST', '/webhooks/endpoints', { headers, body: { url: 'https://example.com', events: ['user.created'] } }),
      'events',
    );
    expectSchemaError(await call(t, 'GET', '/webhooks/endpoints/not-a-uuid', { headers }), 'endpoint_id');
    expectSchemaError(await call(t, 'POST', `/webhooks/deliveries/not-a-uuid/retry`, { headers }), 'delivery_id');
    expectTextError(
      await call(t, 'GET', `/webhooks/deliveries/${crypto.randomUUID()}`, { headers }),
      404,
      'Webhook delivery not found.',
    );
    expect((await call(t, 'GET', '/webhooks/endpoints', { headers })).json.items.length).toBe(before);
  });

  test('a project has at most 20 endpoints', async () => {
    const crowded = await makeProject(t, 'Crowded');
    for (let i = 0; i < 20; i++) {
      const res = await call(t, 'POST', '/webhooks/endpoints', {
        headers: as(crowded, 'admin'),
        body: { url: `https://example.com/${i}` },
      });
      expect(res.status).toBe(201);
    }
    expectTextError(
      await call(t, 'POST', '/webhooks/endpoints', { headers: as(crowded, 'admin'), body: { url: 'https://example.com/21' } }),
      400,
      'A project can have at most 20 webhook endpoints.',
    );
  });

  test('client and server access are refused; nothing is created', async () => {
    await expectAdminOnly(t, project, [
      { method: 'POST', path: '/webhooks/endpoints', body: { url: 'https://example.com/sneaky' } },
      { method: 'GET', path: '/webhooks/endpoints' },
      { method: 'POST', path: '/webhooks/svix-token', body: {} },
    ]);
    expectKnownError(await call(t, 'GET', '/webhooks/endpoints'), 400, 'ACCESS_TYPE_REQUIRED');
    const list = await call(t, 'GET', '/webhooks/endpoints', { headers: as(project, 'admin') });
    expect(list.json.items.some((e: any) => e.url === 'https://example.com/sneaky')).toBe(false);
  });

  test("one project's admin cannot see or delete another project's endpoints", async () => {
    const mine = await call(t, 'POST', '/webhooks/endpoints', {
      headers: as(project, 'admin'),
      body: { url: 'https://example.com/mine' },
    });
    expectTextError(await call(t, 'GET', `/webhooks/endpoints/${mine.json.id}`, { headers: as(other, 'admin') }), 404);
    expectTextError(await call(t, 'DELETE', `/webhooks/endpoints/${mine.json.id}`, { headers: as(other, 'admin') }), 404);
    expectTextError(await call(t, 'GET', `/webhooks/endpoints/${mine.json.id}/deliveries`, { headers: as(other, 'admin') }), 404);
    expect((await call(t, 'GET', `/webhooks/endpoints/${mine.json.id}`, { headers: as(project, 'admin') })).status).toBe(200);
  });
});

describe('production mode', () => {
  const notPublic =
    'In production mode webhook URLs must reach the public internet: not localhost, a private or link-local network, or a cloud metadata address.';

  test('endpoint URLs must be https and reach only public addresses, checked on create and on every change', async () => {
    const prod = await startTestInstance({ mode: 'production' });
    try {
      const p = await makeProject(prod, 'Production hooks');
      const post = (url: string) => call(prod, 'POST', '/webhooks/endpoints', { headers: as(p, 'admin'), body: { url } });
      expectTextError(await post('http://hooks.example.com/x'), 400, 'In production mode webhook URLs must use https.');
      // This machine's own name resolves (through /etc/hosts) to a loopback or private address.
      const ownName = hostname();
      const ownAddresses = await lookup(ownName, { all: true });
      expect(ownAddresses.some((a) => !isPublicAddress(a.address))).toBe(true);
      for (const url of [
        'https://localhost/x',
        'https://app.localhost/x',
        'https://127.0.0.1:8443/x',
        'https://127.1.2.3/x',
        'https://[::1]/x',
        'https://0.0.0.0/x',
        'https://[::]/x',
        'https://[::ffff:127.0.0.1]/x',
        'https://localhost./x',
        `https://${ownName}/x`,
        'https://10.1.2.3/x',
        'https://172.16.0.1/x',
        'https://172.31.255.255/x',
        'https://192.168.1.1/x',
        'https://100.64.0.1/x',
        'https://169.254.169.254/latest/meta-data/',
        'https://metadata.google.internal/computeMetadata/v1/',
        'https://[fd00::1]/x',
        'https://[fe80::1]/x',
        'https://[::ffff:10.0.0.1]/x',
        'https://[::ffff:169.254.169.254]/x',
        'https://[::ffff:192.168.0.1]/x',
        'https://[64:ff9b::a00:1]/x',
        'https://224.0.0.1/x',
        'https://0x7f.1/x',
        'https://2130706433/x',
      ]) {
        const res = await post(url);
        expect(`${url} ${res.status}`).toBe(`${url} 400`);
        expectTextError(res, 400, notPublic);
      }
      expect((await post('https://hooks.example.com/x')).status).toBe(201);
      expect((await post('https://93.184.216.34/x')).status).toBe(201);

      // A change of URL meets the same rule, through the Svix-compatible PATCH and PUT.
      const created = await post('https://hooks.example.com/changed');
      const endpointPath = `/webhooks/endpoints/${created.json.id}`;
      const token = (await call(prod, 'POST', '/webhooks/svix-token', { headers: as(p, 'admin'), body: {} })).json.token;
      const svixPath = `/app/${p.projectId}/endpoint/${created.json.id}`;
      for (const method of ['PATCH', 'PUT'] as const) {
        for (const url of [`https://${ownName}/x`, 'https://[::ffff:a9fe:a9fe]/x', 'https://192.168.0.10/x']) {
          const res = await call(prod, method, svixPath, { headers: bearer(token), body: { url } });
          expect(`${method} ${url} ${res.status}`).toBe(`${method} ${url} 400`);
        }
      }
      const after = await call(prod, 'GET', endpointPath, { headers: as(p, 'admin') });
      expect(after.json.url).toBe('https://hooks.example.com/changed');
    } finally {
      await prod.stop();
    }
  });
});

describe('POST /webhooks/svix-token', () => {
  test('answers 201 {token}; the token manages that project’s endpoints without any key', async () => {
    const res = await call(t, 'POST', '/webhooks/svix-token', { headers: as(project, 'admin'), body: {} });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual(['token']);
    const token: string = res.json.token;
    expect(token).toStartWith('whmt_');

    const created = await call(t, 'POST', '/webhooks/endpoints', {
      headers: bearer(token),
      body: { url: 'https://example.com/from-portal' },
    });
    expect(created.status).toBe(201);
    expect(created.json.secret).toStartWith('whsec_');
    const list = await call(t, 'GET', '/webhooks/endpoints', { headers: bearer(token) });
    expect(list.status).toBe(200);
    expect(list.json.items.map((e: any) => e.id)).toContain(created.json.id);
    // Created for the token's project, seen by its admin.
    const asAdmin = await call(t, 'GET', `/webhooks/endpoints/${created.json.id}`, { headers: as(project, 'admin') });
    expect(asAdmin.status).toBe(200);
    const deliveries = await call(t, 'GET', `/webhooks/endpoints/${created.json.id}/deliveries`, { headers: bearer(token) });
    expect(deliveries.json).toEqual({ items: [], is_paginated: false });
    expect((await call(t, 'DELETE', `/webhooks/endpoints/${created.json.id}`, { headers: bearer(token) })).status).toBe(200);
  });

  test('a body-less request works too (the SDK sends {})', async () => {
    const res = await call(t, 'POST', '/webhooks/svix-token', { headers: as(project, 'admin') });
    expect(res.status).toBe(201);
    expectSchemaError(await call(t, 'POST', '/webhooks/svix-token', { headers: as(project, 'admin'), body: { x: 1 } }), 'x');
  });

  test('the token grants nothing else: not other projects, not the rest of the API, not new tokens', async () => {
    const token = (await call(t, 'POST', '/webhooks/svix-token', { headers: as(project, 'admin'), body: {} })).json.token;
    const otherEndpoint = await call(t, 'POST', '/webhooks/endpoints', {
      headers: as(other, 'admin'),
      body: { url: 'https://example.com/other' },
    });
    expectTextError(await call(t, 'GET', `/webhooks/endpoints/${otherEndpoint.json.id}`, { headers: bearer(token) }), 404);
    expectTextError(
      await call(t, 'GET', '/webhooks/endpoints', { headers: { ...bearer(token), 'x-stack-project-id': other.projectId } }),
      401,
      'This webhook management token belongs to another project.',
    );
    expectKnownError(await call(t, 'GET', '/users', { headers: bearer(token) }), 400, 'ACCESS_TYPE_REQUIRED');
    expectKnownError(await call(t, 'GET', '/projects/current', { headers: bearer(token) }), 400, 'ACCESS_TYPE_REQUIRED');
    expectKnownError(
      await call(t, 'POST', '/webhooks/svix-token', { headers: bearer(token), body: {} }),
      400,
      'ACCESS_TYPE_REQUIRED',
    );
  });

  test('forged, altered and expired tokens are refused with 401', async () => {
    const token: string = (await call(t, 'POST', '/webhooks/svix-token', { headers: as(project, 'admin'), body: {} })).json.token;
    const invalid = 'The webhook management token is invalid or has expired. Ask POST /webhooks/svix-token for a new one.';
    const [payload, mac] = token.slice('whmt_'.length).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ project_id: other.projectId, expires_at_millis: Date.now() + 3600_000 }),
    ).toString('base64url');
    for (const bad of [
      'nonsense',
      'whmt_',
      `whmt_${payload}`,
      `whmt_${forgedPayload}.${mac}`,
      `whmt_${payload}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`,
    ]) {
      expectTextError(await call(t, 'GET', '/webhooks/endpoints', { headers: bearer(bad) }), 401, invalid);
    }
    const previous = t.ctx.clock;
    t.ctx.clock = { now: () => Date.now() + webhookManagementTokenLifetimeMillis + 1_000 };
    try {
      expectTextError(await call(t, 'GET', '/webhooks/endpoints', { headers: bearer(token) }), 401, invalid);
    } finally {
      t.ctx.clock = previous;
    }
    expect((await call(t, 'GET', '/webhooks/endpoints', { headers: bearer(token) })).status).toBe(200);
  });
});
