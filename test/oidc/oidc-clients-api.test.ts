// /oidc-clients over a real HTTP server: admins (the super-secret admin key or an owner's
// internal admin token) register, list, read, change and delete their OpenID Provider's clients;
// client and server keys are refused; bad input is refused and creates nothing; another
// project's clients stay invisible; a secret appears in the creation answer only.
import { describe, expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import { as, call, expectKnownError, expectOk, expectSchemaError, expectTextError, makeProject } from '../support/projects';
import { createOwnedProject, ownerHeaders, signUpAdmin } from '../support/admins';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { withInstance } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject, other: BootstrappedProject;

withInstance(async (started) => {
  ({ t } = started);
  project = await makeProject(t, 'OIDC clients project');
  other = await makeProject(t, 'Other OIDC project');
});

const grafana = { name: 'Grafana', redirect_uris: ['https://grafana.example.com/login/generic_oauth'] };

async function listIds(owner: BootstrappedProject): Promise<string[]> {
  const list = expectOk(await call(t, 'GET', '/oidc-clients', { headers: as(owner, 'admin') }));
  expect(list.is_paginated).toBe(false);
  return list.items.map((c: { client_id: string }) => c.client_id);
}

describe('/oidc-clients', () => {
  test('an admin creates, lists, reads, updates and deletes a client; the secret is shown once', async () => {
    const created = expectOk(
      await call(t, 'POST', '/oidc-clients', { headers: as(project, 'admin'), body: { ...grafana, allowed_scopes: ['openid', 'email', 'teams'] } }),
      201,
    );
    expect(created.client_id).toMatch(/^oidc_/);
    expect(created.client_secret).toMatch(/^oidcs_/);
    expect(created.type).toBe('confidential');
    expect(created.issuer).toBe(`${t.url}/api/v1/projects/${project.projectId}/oidc`);
    expect(created.allowed_scopes).toEqual(['openid', 'email', 'teams']);
    expect(created.first_party).toBe(false);

    const list = expectOk(await call(t, 'GET', '/oidc-clients', { headers: as(project, 'admin') }));
    expect(list.items).toHaveLength(1);
    const { client_secret: _secret, ...view } = created;
    expect(list.items[0]).toEqual(view);
    const read = expectOk(await call(t, 'GET', `/oidc-clients/${created.client_id}`, { headers: as(project, 'admin') }));
    expect(read).toEqual(view);
    for (const answer of [list, read]) expect(JSON.stringify(answer)).not.toContain(created.client_secret);

    const updated = expectOk(
      await call(t, 'PATCH', `/oidc-clients/${created.client_id}`, {
        headers: as(project, 'admin'),
        body: { name: 'Grafana (ops)', first_party: true, redirect_uris: ['https://grafana.example.com/cb', 'http://localhost:3000/cb'] },
      }),
    );
    expect(updated).toEqual({ ...view, name: 'Grafana (ops)', first_party: true, redirect_uris: ['https://grafana.example.com/cb', 'http://localhost:3000/cb'] });
    expect(updated.client_secret).toBeUndefined();

    expect(expectOk(await call(t, 'DELETE', `/oidc-clients/${created.client_id}`, { headers: as(project, 'admin') }))).toEqual({ success: true });
    expectTextError(await call(t, 'GET', `/oidc-clients/${created.client_id}`, { headers: as(project, 'admin') }), 404, 'OIDC client not found');
    expect(await listIds(project)).not.toContain(created.client_id);
  });

  test('a public client has no secret', async () => {
    const created = expectOk(await call(t, 'POST', '/oidc-clients', { headers: as(project, 'admin'), body: { ...grafana, name: 'SPA', public: true } }), 201);
    expect(created.type).toBe('public');
    expect(created.client_secret).toBeUndefined();
  });

  test('an internal admin access token of the project owner manages its clients', async () => {
    const admin = await signUpAdmin(t);
    const owned = await createOwnedProject(t, admin, { display_name: 'Owned OIDC project' });
    const headers = ownerHeaders(owned.id, admin.access_token);
    const created = expectOk(await call(t, 'POST', '/oidc-clients', { headers, body: grafana }), 201);
    expect(created.issuer).toContain(`/projects/${owned.id}/oidc`);
    const list = expectOk(await call(t, 'GET', '/oidc-clients', { headers }));
    expect(list.items.map((c: { client_id: string }) => c.client_id)).toEqual([created.client_id]);
  });

  test('client and server keys are refused, and nothing is created', async () => {
    const before = await listIds(project);
    for (const level of ['client', 'server'] as const) {
      const res = await call(t, 'POST', '/oidc-clients', { headers: as(project, level), body: grafana });
      expectKnownError(res, 401, 'INSUFFICIENT_ACCESS_TYPE');
      expectKnownError(await call(t, 'GET', '/oidc-clients', { headers: as(project, level) }), 401, 'INSUFFICIENT_ACCESS_TYPE');
    }
    expect(await listIds(project)).toEqual(before);
  });

  test('bad input is refused with a clear error and creates nothing', async () => {
    const before = await listIds(project);
    const post = (body: unknown) => call(t, 'POST', '/oidc-clients', { headers: as(project, 'admin'), body });
    expectTextError(await post({ ...grafana, redirect_uris: ['https://app.example.com/cb#frag'] }), 400, 'Invalid redirect URI "https://app.example.com/cb#frag": it must be an absolute http(s) URL without a fragment (http only for localhost)');
    expectTextError(await post({ ...grafana, redirect_uris: ['http://app.example.com/cb'] }), 400);
    expectTextError(await post({ ...grafana, redirect_uris: ['not a url'] }), 400);
    expectTextError(await post({ ...grafana, redirect_uris: [] }), 400, 'An OIDC client needs at least one redirect URI');
    expectTextError(await post({ ...grafana, allowed_scopes: ['openid', 'admin'] }), 400);
    expectSchemaError(await post({ redirect_uris: grafana.redirect_uris }), 'name');
    expectSchemaError(await post({ ...grafana, name: '   ' }), 'name');
    expectSchemaError(await post({ ...grafana, client_secret: 'mine' }), 'client_secret');
    expectSchemaError(await post([grafana]));
    expect(await listIds(project)).toEqual(before);

    const created = expectOk(await post(grafana), 201);
    const patch = (body: unknown) => call(t, 'PATCH', `/oidc-clients/${created.client_id}`, { headers: as(project, 'admin'), body });
    expectTextError(await patch({ name: 'Changed', redirect_uris: ['ftp://x.example.com'] }), 400);
    expectSchemaError(await patch({ public: true }), 'public');
    const read = expectOk(await call(t, 'GET', `/oidc-clients/${created.client_id}`, { headers: as(project, 'admin') }));
    expect(read.name).toBe('Grafana');
    expect(read.redirect_uris).toEqual(grafana.redirect_uris);
  });

  test("another project's client is not visible, changeable or deletable", async () => {
    const theirs = expectOk(await call(t, 'POST', '/oidc-clients', { headers: as(other, 'admin'), body: grafana }), 201);
    expect(await listIds(project)).not.toContain(theirs.client_id);
    const path = `/oidc-clients/${theirs.client_id}`;
    expectTextError(await call(t, 'GET', path, { headers: as(project, 'admin') }), 404, 'OIDC client not found');
    expectTextError(await call(t, 'PATCH', path, { headers: as(project, 'admin'), body: { name: 'Stolen' } }), 404, 'OIDC client not found');
    expectTextError(await call(t, 'DELETE', path, { headers: as(project, 'admin') }), 404, 'OIDC client not found');
    expect(expectOk(await call(t, 'GET', path, { headers: as(other, 'admin') })).name).toBe('Grafana');
  });
});
