// /projects/current and the production-mode checks.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { projectExists } from '../../server/core/projects/projects';
import type { TestInstance } from '../support/instance';
import { adminView, as, call, expectKnownError, expectTextError, makeProject, stackDefaultConfig } from '../support/projects';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject;

withInstance((started) => ({ t, demo } = started));

/** The config switches every view shows, the client's too. */
const switchKeys = [
  'sign_up_enabled',
  'credential_enabled',
  'magic_link_enabled',
  'passkey_enabled',
  'client_team_creation_enabled',
  'client_user_deletion_enabled',
];
const clientConfigKeys = [...switchKeys, 'enabled_oauth_providers'];
const adminTopKeys = [
  'id',
  'display_name',
  'description',
  'created_at_millis',
  'user_count',
  'is_production_mode',
  'production_mode_errors',
  'config',
];
const adminConfigKeys = [
  'id',
  'allow_localhost',
  ...switchKeys,
  'oauth_providers',
  'enabled_oauth_providers',
  'domains',
  'email_config',
  'create_team_on_sign_up',
  'team_creator_default_permissions',
  'team_member_default_permissions',
  // authd's own addition (refresh-token rotation, off by default).
  'refresh_token_rotation_enabled',
  'password_strength_check_enabled',
  'team_invitation_requires_matching_email',
  'audit_log_retention_days',
  'default_locale',
];
const sorted = (keys: Iterable<string>) => [...keys].sort();

function patch(project: BootstrappedProject, body: unknown) {
  return call(t, 'PATCH', '/projects/current', { headers: as(project, 'admin'), body });
}

describe('GET /projects/current views', () => {
  test.each(['client', 'server'] as const)('%s access gets exactly the client view', async (level) => {
    const res = await call(t, 'GET', '/projects/current', { headers: as(demo, level) });
    expect(res.status).toBe(200);
    expect(sorted(Object.keys(res.json))).toEqual(sorted(['id', 'display_name', 'config']));
    expect(sorted(Object.keys(res.json.config))).toEqual(sorted(clientConfigKeys));
    expect(res.json.id).toBe(demo.projectId);
    expect(res.json.display_name).toBe('Demo project');
    for (const key of clientConfigKeys.filter((k) => k !== 'enabled_oauth_providers')) {
      expect(typeof res.json.config[key]).toBe('boolean');
    }
    expect(res.json.config.enabled_oauth_providers).toEqual([]);
  });

  test('user_count follows users created and deleted, whichever way they were written', async () => {
    const project = await makeProject(t, 'Counted');
    const countNow = async () => (await call(t, 'GET', '/projects/current', { headers: as(project, 'admin') })).json.user_count;
    expect(await countNow()).toBe(0);
    const created = [];
    for (const email of ['one@example.com', 'two@example.com']) {
      const res = await call(t, 'POST', '/users', { headers: as(project, 'server'), body: { primary_email: email } });
      expect(res.status).toBe(201);
      created.push(res.json.id);
    }
    expect(await countNow()).toBe(2);
    expect((await call(t, 'DELETE', `/users/${created[0]}`, { headers: as(project, 'server') })).status).toBe(200);
    expect(await countNow()).toBe(1);
    // Another project's users are not counted here.
    expect((await call(t, 'GET', '/projects/current', { headers: as(demo, 'admin') })).json.user_count).toBe(0);
  });

  test('admin access gets exactly the admin view plus production_mode_errors', async () => {
    const res = await call(t, 'GET', '/projects/current', { headers: as(demo, 'admin') });
    expect(res.status).toBe(200);
    const view = res.json;
    expect(sorted(Object.keys(view))).toEqual(sorted(adminTopKeys));
    // legacy_global_jwt_signing is optional (Feb 2025 server only).
    const configKeys = Object.keys(view.config).filter((k) => k !== 'legacy_global_jwt_signing');
    expect(sorted(configKeys)).toEqual(sorted(adminConfigKeys));
    if ('legacy_global_jwt_signing' in view.config) expect(view.config.legacy_global_jwt_signing).toBe(false);

    expect(view.id).toBe(demo.projectId);
    expect(typeof view.description).toBe('string');
    expect(Number.isInteger(view.created_at_millis)).toBe(true);
    expect(Math.abs(view.created_at_millis - Date.now())).toBeLessThan(10 * 60_000);
    expect(view.user_count).toBe(0);
    expect(view.is_production_mode).toBe(false);
    expect(view.config.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    for (const key of [
      'allow_localhost',
      'create_team_on_sign_up',
      ...clientConfigKeys.filter((k) => k !== 'enabled_oauth_providers'),
    ]) {
      expect(typeof view.config[key]).toBe('boolean');
    }
    expect(view.config.email_config).toEqual({ type: 'shared' });
    expect(view.config.domains).toEqual([]);
    expect(view.config.oauth_providers).toEqual([]);
    expect(view.production_mode_errors).toBeArray();
  });

  test("a new project has Stack's defaults", async () => {
    const project = await makeProject(t, 'Defaults');
    const view = await adminView(t, project);
    expect(view.display_name).toBe('Defaults');
    expect(view.description).toBe('');
    expect(view.is_production_mode).toBe(false);
    expect(view.config).toMatchObject(stackDefaultConfig);
  });

  test('the internal project is readable with its own admin key', async () => {
    const view = await adminView(t, t.internal);
    expect(view.id).toBe('internal');
  });
});

describe('PATCH /projects/current updates each field and returns the admin view', () => {
  let project: BootstrappedProject;
  beforeAll(async () => {
    project = await makeProject(t, 'Patch target');
  });

  const flags = [...switchKeys, 'allow_localhost', 'create_team_on_sign_up'];
  const inClientView = new Set(clientConfigKeys);

  test.each(flags)('config.%s toggles both ways', async (flag) => {
    const before = await adminView(t, project);
    for (const value of [!before.config[flag], before.config[flag]]) {
      const res = await patch(project, { config: { [flag]: value } });
      expect(res.status).toBe(200);
      expect(res.json.config[flag]).toBe(value);
      // The response is the admin view, equal to what a GET returns now.
      expect(res.json).toEqual(await adminView(t, project));
      // Nothing else moved (production_mode_errors follows allow_localhost).
      expect({ ...res.json, production_mode_errors: [], config: { ...res.json.config, [flag]: before.config[flag] } }).toEqual({
        ...before,
        production_mode_errors: [],
      });
      if (inClientView.has(flag)) {
        const client = await call(t, 'GET', '/projects/current', { headers: as(project, 'client') });
        expect(client.json.config[flag]).toBe(value);
      }
    }
  });

  const topLevel: { name: string; body: unknown; check: (view: any) => void }[] = [
    {
      name: 'display_name',
      body: { display_name: 'Renamed project' },
      check: (v) => expect(v.display_name).toBe('Renamed project'),
    },
    { name: 'description', body: { description: 'A description' }, check: (v) => expect(v.description).toBe('A description') },
    { name: 'description null → ""', body: { description: null }, check: (v) => expect(v.description).toBe('') },
    { name: 'empty body {}', body: {}, check: (v) => expect(v.display_name).toBe('Renamed project') },
    { name: 'empty config {} (what the SDK sends)', body: { config: {} }, check: (v) => expect(v.description).toBe('') },
  ];
  test.each(topLevel.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const res = await patch(project, row.body);
    expect(res.status).toBe(200);
    row.check(res.json);
    expect(res.json).toEqual(await adminView(t, project));
  });

  test('display_name shows in the client view', async () => {
    const client = await call(t, 'GET', '/projects/current', { headers: as(project, 'client') });
    expect(client.json.display_name).toBe('Renamed project');
  });

  test('email_config: standard is stored with every field, shared clears it', async () => {
    const standard = {
      type: 'standard',
      host: 'smtp.example.com',
      port: 465,
      username: 'mailer',
      password: 'pw',
      sender_name: 'Example Inc',
      sender_email: 'noreply@example.com',
    };
    const res = await patch(project, { config: { email_config: standard } });
    expect(res.status).toBe(200);
    expect(res.json.config.email_config).toEqual(standard);
    const shared = await patch(project, { config: { email_config: { type: 'shared' } } });
    expect(shared.json.config.email_config).toEqual({ type: 'shared' });
  });

  test('domains keep insertion order and are a full replacement', async () => {
    const domains = [
      { domain: 'https://zeta.example.com', handler_path: '/handler' },
      { domain: 'https://alpha.example.com', handler_path: '/auth/handler' },
      { domain: 'https://mid.example.com:8443', handler_path: '/' },
    ];
    const res = await patch(project, { config: { domains } });
    expect(res.status).toBe(200);
    expect(res.json.config.domains).toEqual(domains);
    const reordered = [domains[2]!, domains[0]!];
    const again = await patch(project, { config: { domains: reordered } });
    expect(again.json.config.domains).toEqual(reordered);
    const cleared = await patch(project, { config: { domains: [] } });
    expect(cleared.json.config.domains).toEqual([]);
  });

  test('OAuth providers are sorted by id; shared entries carry only id, enabled, type', async () => {
    const res = await patch(project, {
      config: {
        oauth_providers: [
          { id: 'spotify', type: 'shared', enabled: true },
          {
            id: 'microsoft',
            type: 'standard',
            enabled: true,
            client_id: 'ms-id',
            client_secret: 'ms-secret',
            microsoft_tenant_id: 'tenant-1',
          },
          { id: 'google', type: 'shared', enabled: false, client_id: 'dropped', client_secret: 'dropped' },
          {
            id: 'facebook',
            type: 'standard',
            enabled: true,
            client_id: 'fb-id',
            client_secret: 'fb-secret',
            facebook_config_id: 'cfg',
          },
          { id: 'github', type: 'standard', enabled: false },
        ],
      },
    });
    expect(res.status).toBe(200);
    const providers = res.json.config.oauth_providers;
    expect(providers.map((p: any) => p.id)).toEqual(['facebook', 'github', 'google', 'microsoft', 'spotify']);
    expect(providers[2]).toEqual({ id: 'google', enabled: false, type: 'shared' });
    expect(providers[4]).toEqual({ id: 'spotify', enabled: true, type: 'shared' });
    expect(providers[0]).toEqual({
      id: 'facebook',
      enabled: true,
      type: 'standard',
      client_id: 'fb-id',
      client_secret: 'fb-secret',
      facebook_config_id: 'cfg',
    });
    expect(providers[3]).toMatchObject({
      id: 'microsoft',
      type: 'standard',
      client_id: 'ms-id',
      client_secret: 'ms-secret',
      microsoft_tenant_id: 'tenant-1',
    });
    expect(providers[1]).toMatchObject({ id: 'github', enabled: false, type: 'standard' });

    // enabled_oauth_providers: the enabled subset, only ids, in both views.
    const enabled = [{ id: 'facebook' }, { id: 'microsoft' }, { id: 'spotify' }];
    expect(res.json.config.enabled_oauth_providers).toEqual(enabled);
    const client = await call(t, 'GET', '/projects/current', { headers: as(project, 'client') });
    expect(client.json.config.enabled_oauth_providers).toEqual(enabled);
  });

  test('OAuth providers: updating keeps every listed provider and can disable one', async () => {
    const current = (await adminView(t, project)).config.oauth_providers;
    const updated = current.map((p: any) => (p.id === 'spotify' ? { ...p, enabled: false } : p));
    const res = await patch(project, { config: { oauth_providers: updated } });
    expect(res.status).toBe(200);
    expect(res.json.config.oauth_providers).toEqual(updated);
    expect(res.json.config.enabled_oauth_providers).toEqual([{ id: 'facebook' }, { id: 'microsoft' }]);
  });

  test('default permissions are stored sorted, system permissions allowed', async () => {
    const res = await patch(project, {
      config: {
        team_member_default_permissions: [{ id: 'member' }, { id: '$read_members' }, { id: 'admin' }, { id: '$invite_members' }],
        team_creator_default_permissions: [],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.config.team_member_default_permissions).toEqual([
      { id: '$invite_members' },
      { id: '$read_members' },
      { id: 'admin' },
      { id: 'member' },
    ]);
    expect(res.json.config.team_creator_default_permissions).toEqual([]);
  });

  test('several fields in one PATCH', async () => {
    const fields = {
      display_name: 'Multi',
      description: 'multi',
      config: { sign_up_enabled: false, passkey_enabled: true, domains: [{ domain: 'https://multi.example.com', handler_path: '/h' }] },
    };
    const res = await patch(project, fields);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(fields);
  });
});

describe('production mode', () => {
  const fixUrl = (p: BootstrappedProject) => `/projects/${p.projectId}/domains`;

  test('a new project reports allow_localhost as a problem with the domains fix URL', async () => {
    const project = await makeProject(t, 'Prod default');
    const view = await adminView(t, project);
    expect(view.production_mode_errors).toHaveLength(1);
    expect(view.production_mode_errors[0]).toEqual({ message: expect.any(String), relative_fix_url: fixUrl(project) });
  });

  const problemDomains = [
    'https://localhost',
    'https://localhost:3000',
    'https://app.localhost',
    'https://127.0.0.1',
    'https://127.0.0.53:8443',
    'https://127.1',
    'https://10.1.2.3',
    'https://192.168.0.10:8080',
    'https://[::1]:3000',
    'https://[2001:db8::1]',
    // The fully-qualified spelling of localhost resolves to the same place.
    'https://localhost.',
  ];
  test.each(problemDomains)('trusted domain %s is a production-mode problem', async (d) => {
    const project = await makeProject(t, `Prod ${d}`);
    const res = await patch(project, { config: { allow_localhost: false, domains: [{ domain: d, handler_path: '/handler' }] } });
    expect(res.status).toBe(200);
    const problems = res.json.production_mode_errors;
    expect(problems.length).toBeGreaterThanOrEqual(1);
    for (const problem of problems) {
      expect(typeof problem.message).toBe('string');
      expect(problem.message.length).toBeGreaterThan(0);
      expect(problem.relative_fix_url).toBe(fixUrl(project));
    }
  });

  test('allow_localhost plus a localhost domain are two problems', async () => {
    const project = await makeProject(t, 'Prod two problems');
    const res = await patch(project, { config: { domains: [{ domain: 'https://localhost:3000', handler_path: '/h' }] } });
    expect(res.json.production_mode_errors).toHaveLength(2);
  });

  test('real https domains and no localhost: no problems', async () => {
    const project = await makeProject(t, 'Prod clean');
    const res = await patch(project, {
      config: {
        allow_localhost: false,
        domains: [
          { domain: 'https://app.example.com', handler_path: '/handler' },
          { domain: 'https://example.org:8443', handler_path: '/h' },
          { domain: 'https://localhost-tools.example.com', handler_path: '/h' },
        ],
      },
    });
    expect(res.json.production_mode_errors).toEqual([]);
  });

  test('turning production mode on with problems is refused and changes nothing; after fixing it works', async () => {
    const project = await makeProject(t, 'Prod lifecycle');
    await patch(project, { config: { domains: [{ domain: 'https://127.0.0.1:3000', handler_path: '/h' }] } });
    const before = await adminView(t, project);
    expect(before.production_mode_errors.length).toBeGreaterThan(0);

    const refused = await patch(project, { is_production_mode: true, display_name: 'Should not stick' });
    expectProductionModeRefusal(refused, 'turning on');
    expect(refused.json.error).toContain(before.production_mode_errors[0]!.message.replace(/\.$/, ''));
    expect(await adminView(t, project)).toEqual(before);

    // Fixing only allow_localhost still leaves the loopback domain.
    const partial = await patch(project, { is_production_mode: true, config: { allow_localhost: false } });
    expectProductionModeRefusal(partial, 'turning on');
    expect(await adminView(t, project)).toEqual(before);

    // Fix everything in a separate step, then turn production mode on.
    const fixed = await patch(project, {
      config: { allow_localhost: false, domains: [{ domain: 'https://auth.example.com', handler_path: '/handler' }] },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json.production_mode_errors).toEqual([]);
    const on = await patch(project, { is_production_mode: true });
    expect(on.status).toBe(200);
    expect(on.json.is_production_mode).toBe(true);
    expect(on.json.production_mode_errors).toEqual([]);

    // While in production mode, changes that would create a problem are refused.
    const inProduction = await adminView(t, project);
    for (const body of [
      { config: { allow_localhost: true } },
      { config: { domains: [{ domain: 'https://localhost:3000', handler_path: '/h' }] } },
      {
        config: {
          domains: [
            { domain: 'https://auth.example.com', handler_path: '/handler' },
            { domain: 'https://10.0.0.1', handler_path: '/h' },
          ],
        },
      },
    ]) {
      const res = await patch(project, body);
      expectProductionModeRefusal(res, 'in production');
      expect(await adminView(t, project)).toEqual(inProduction);
    }

    // Harmless changes still work in production mode.
    const rename = await patch(project, { display_name: 'Prod renamed' });
    expect(rename.status).toBe(200);
    expect(rename.json.is_production_mode).toBe(true);

    // Fixing and turning on in one request also works.
    const other = await makeProject(t, 'Prod one step');
    const oneStep = await patch(other, {
      is_production_mode: true,
      config: { allow_localhost: false, domains: [{ domain: 'https://one.example.com', handler_path: '/h' }] },
    });
    expect(oneStep.status).toBe(200);
    expect(oneStep.json.is_production_mode).toBe(true);

    // Leaving production mode and allowing localhost together is fine.
    const off = await patch(project, { is_production_mode: false, config: { allow_localhost: true } });
    expect(off.status).toBe(200);
    expect(off.json.is_production_mode).toBe(false);
    expect(off.json.config.allow_localhost).toBe(true);
    expect(off.json.production_mode_errors).toHaveLength(1);
  });
});

describe('DELETE /projects/current', () => {
  test('removes the project; all its keys then fail with INVALID_*_KEY', async () => {
    const project = await makeProject(t, 'To delete');
    const res = await call(t, 'DELETE', '/projects/current', { headers: as(project, 'admin'), body: {} });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(await projectExists(t.ctx, project.projectId)).toBe(false);

    const expectations = [
      ['client', 'INVALID_PUBLISHABLE_CLIENT_KEY'],
      ['server', 'INVALID_SECRET_SERVER_KEY'],
      ['admin', 'INVALID_SUPER_SECRET_ADMIN_KEY'],
    ] as const;
    for (const [level, code] of expectations) {
      const after = await call(t, 'GET', '/projects/current', { headers: as(project, level) });
      expectKnownError(after, 401, code, { project_id: project.projectId });
    }
    const again = await call(t, 'DELETE', '/projects/current', { headers: as(project, 'admin') });
    expectKnownError(again, 401, 'INVALID_SUPER_SECRET_ADMIN_KEY');
  });

  test('deleting one project leaves the others alone', async () => {
    const keep = await makeProject(t, 'Keep');
    const drop = await makeProject(t, 'Drop');
    await patch(keep, { description: 'kept' });
    const before = await adminView(t, keep);
    expect((await call(t, 'DELETE', '/projects/current', { headers: as(drop, 'admin') })).status).toBe(200);
    expect(await adminView(t, keep)).toEqual(before);
  });

  test('deleting the internal project is refused and it keeps working', async () => {
    const res = await call(t, 'DELETE', '/projects/current', { headers: as(t.internal, 'admin') });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    if (res.headers.get('x-stack-known-error') === null) expectTextError(res, res.status);
    expect(await projectExists(t.ctx, 'internal')).toBe(true);
    const view = await adminView(t, t.internal);
    expect(view.id).toBe('internal');
  });
});

/**
 * Production-mode refusals come from core (shared with the CLI), so they name the problems, not
 * the endpoint: in one line, worded for turning production mode on or for a project already in it.
 */
function expectProductionModeRefusal(res: Parameters<typeof expectKnownError>[0], when: 'turning on' | 'in production'): void {
  expectKnownError(res, 400, 'SCHEMA_ERROR');
  expect(res.json.details).toEqual({ message: res.json.error });
  expect(res.json.error).toStartWith(
    when === 'turning on'
      ? 'Production mode cannot be turned on until this is fixed: '
      : 'This change would break production mode: ',
  );
  expect(res.json.error).not.toContain('\n');
}
