// The published @stackframe/js 2.7.23 SDK, unmodified, against a real authd: project reads and
// updates (admin, client and server apps), API key sets, and known errors surfacing as the SDK's
// typed errors. Every request the SDK sends is recorded (by wrapping fetch) so tests can also
// check what went over the wire, e.g. that a rejected call was not retried.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'bun:test';
import {
  StackAdminApp,
  StackClientApp,
  StackServerApp,
  type AdminOAuthProviderConfig,
  type AdminProject,
  type ApiKey,
} from '@stackframe/js';
import { KnownError, KnownErrors } from '@stackframe/stack-shared';
import { callApi, projectHeaders, startTestInstance, type TestInstance } from '../support/instance';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { installRecorder, recordRequests, uninstallRecorder } from '../support/sdk-apps';

const testTimeout = 30_000;
const day = 24 * 60 * 60 * 1000;
/** The bootstrapped demo project's on/off settings as the SDK reads them (Stack's defaults). */
const demoSwitches = {
  signUpEnabled: true,
  credentialEnabled: true,
  magicLinkEnabled: true,
  passkeyEnabled: false,
  clientTeamCreationEnabled: false,
  clientUserDeletionEnabled: false,
};

// ---------------------------------------------------------------------------------------------
// Request recording: these tests build a fresh app per read to bypass the SDK's per-app caches,
// and the recorder also drops the SDK's "more than 10 Stack apps" warning on each construction.

beforeAll(installRecorder);
afterAll(uninstallRecorder);

/** The error `promise` rejects with; fails the test if it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the SDK call to throw, but it succeeded');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------------------------------------
// Instance and apps

let instance: TestInstance, demo: BootstrappedProject;

beforeEach(async () => {
  instance = await startTestInstance();
  if (!instance.demo) throw new Error('a development instance must bootstrap a demo project');
  demo = instance.demo;
});

afterEach(async () => {
  await instance.stop();
});

function key(value: string | undefined, what: string): string {
  if (!value) throw new Error(`the demo project has no ${what}`);
  return value;
}

function adminApp(overrides: { projectId?: string; superSecretAdminKey?: string } = {}) {
  return new StackAdminApp({
    projectId: overrides.projectId ?? demo.projectId,
    baseUrl: instance.url,
    publishableClientKey: key(demo.keys.publishable_client_key, 'publishable client key'),
    secretServerKey: key(demo.keys.secret_server_key, 'secret server key'),
    superSecretAdminKey: overrides.superSecretAdminKey ?? key(demo.keys.super_secret_admin_key, 'super secret admin key'),
    tokenStore: 'memory',
    redirectMethod: 'none',
  });
}

function clientApp(publishableClientKey = key(demo.keys.publishable_client_key, 'publishable client key')) {
  return new StackClientApp({
    projectId: demo.projectId,
    baseUrl: instance.url,
    publishableClientKey,
    tokenStore: 'memory',
    redirectMethod: 'none',
  });
}

function serverApp() {
  return new StackServerApp({
    projectId: demo.projectId,
    baseUrl: instance.url,
    publishableClientKey: key(demo.keys.publishable_client_key, 'publishable client key'),
    secretServerKey: key(demo.keys.secret_server_key, 'secret server key'),
    tokenStore: 'memory',
    redirectMethod: 'none',
  });
}

// ---------------------------------------------------------------------------------------------
// What the server holds, read over the wire without the SDK

interface RawOAuthProvider {
  id: string;
  enabled: boolean;
  type: 'shared' | 'standard';
  client_id?: string;
  client_secret?: string;
  facebook_config_id?: string;
  microsoft_tenant_id?: string;
}

type RawEmailConfig =
  | { type: 'shared' }
  | {
      type: 'standard';
      host: string;
      port: number;
      username: string;
      password: string;
      sender_name: string;
      sender_email: string;
    };

/** The config switches both views show. */
interface RawSwitches {
  sign_up_enabled: boolean;
  credential_enabled: boolean;
  magic_link_enabled: boolean;
  passkey_enabled: boolean;
  client_team_creation_enabled: boolean;
  client_user_deletion_enabled: boolean;
}

interface RawAdminView {
  id: string;
  display_name: string;
  description: string;
  created_at_millis: number;
  user_count: number;
  is_production_mode: boolean;
  production_mode_errors?: { message: string; relative_fix_url: string }[];
  config: RawSwitches & {
    id: string;
    allow_localhost: boolean;
    create_team_on_sign_up: boolean;
    oauth_providers: RawOAuthProvider[];
    enabled_oauth_providers: { id: string }[];
    domains: { domain: string; handler_path: string }[];
    email_config: RawEmailConfig;
    team_creator_default_permissions: { id: string }[];
    team_member_default_permissions: { id: string }[];
  };
}

interface RawClientView {
  id: string;
  display_name: string;
  config: RawSwitches & { enabled_oauth_providers: { id: string }[] };
}

async function serverAdminView(): Promise<RawAdminView> {
  const result = await callApi(instance.url, 'GET', '/api/v1/projects/current', { headers: projectHeaders(demo, 'admin') });
  expect(result.status).toBe(200);
  return result.json as RawAdminView;
}

async function serverClientView(): Promise<RawClientView> {
  const result = await callApi(instance.url, 'GET', '/api/v1/projects/current', { headers: projectHeaders(demo, 'client') });
  expect(result.status).toBe(200);
  return result.json as RawClientView;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The data fields of an SDK AdminProject (its methods dropped), permission lists order-free.
 * Typed loosely so expectations can be plain object literals.
 */
function adminProjectData(project: AdminProject): Record<string, unknown> {
  const {
    update: _update,
    delete: _delete,
    getProductionModeErrors: _errors,
    useProductionModeErrors: _useErrors,
    ...data
  } = project;
  return {
    ...data,
    config: {
      ...data.config,
      teamCreatorDefaultPermissions: [...data.config.teamCreatorDefaultPermissions].sort(byId),
      teamMemberDefaultPermissions: [...data.config.teamMemberDefaultPermissions].sort(byId),
    },
  };
}

/** The AdminProject the SDK should build from the server's admin view (in camelCase). */
function expectedAdminProject(raw: RawAdminView) {
  const c = raw.config;
  return {
    id: raw.id,
    displayName: raw.display_name,
    description: raw.description,
    createdAt: new Date(raw.created_at_millis),
    userCount: raw.user_count,
    isProductionMode: raw.is_production_mode,
    config: {
      id: c.id,
      signUpEnabled: c.sign_up_enabled,
      credentialEnabled: c.credential_enabled,
      magicLinkEnabled: c.magic_link_enabled,
      passkeyEnabled: c.passkey_enabled,
      clientTeamCreationEnabled: c.client_team_creation_enabled,
      clientUserDeletionEnabled: c.client_user_deletion_enabled,
      allowLocalhost: c.allow_localhost,
      oauthProviders: c.oauth_providers.map((p) =>
        p.type === 'shared'
          ? { id: p.id, enabled: p.enabled, type: 'shared' }
          : {
              id: p.id,
              enabled: p.enabled,
              type: 'standard',
              clientId: p.client_id,
              clientSecret: p.client_secret,
              facebookConfigId: p.facebook_config_id,
              microsoftTenantId: p.microsoft_tenant_id,
            },
      ),
      emailConfig:
        c.email_config.type === 'shared'
          ? { type: 'shared' }
          : {
              type: 'standard',
              host: c.email_config.host,
              port: c.email_config.port,
              username: c.email_config.username,
              password: c.email_config.password,
              senderName: c.email_config.sender_name,
              senderEmail: c.email_config.sender_email,
            },
      domains: c.domains.map((d) => ({ domain: d.domain, handlerPath: d.handler_path })),
      createTeamOnSignUp: c.create_team_on_sign_up,
      teamCreatorDefaultPermissions: [...c.team_creator_default_permissions].sort(byId),
      teamMemberDefaultPermissions: [...c.team_member_default_permissions].sort(byId),
    },
  };
}

const emailConfig = {
  type: 'standard',
  host: 'smtp.example.com',
  port: 587,
  username: 'mailer',
  password: 'smtp-password-1',
  senderName: 'Example App',
  senderEmail: 'noreply@example.com',
} as const;

// ---------------------------------------------------------------------------------------------
// 1. Admin app: project read, update, production-mode errors, refused updates

test(
  'StackAdminApp.getProject() builds the admin project from exactly what the server holds',
  async () => {
    const admin = adminApp();
    const { requests } = await recordRequests(() => admin.getProject());
    expect(requests.map((r) => `${r.method} ${r.path} ${r.headers.get('x-stack-access-type')} ${r.status}`)).toEqual([
      'GET /api/v1/projects/current admin 200',
    ]);

    const project = await admin.getProject();
    const raw = await serverAdminView();
    expect(adminProjectData(project)).toEqual(expectedAdminProject(raw));

    // The bootstrapped demo project, as Stack's defaults and bootstrap describe it.
    expect(project.id).toBe(demo.projectId);
    expect(project.displayName).toBe(demo.displayName);
    expect(project.userCount).toBe(0);
    expect(project.isProductionMode).toBe(false);
    expect(Math.abs(project.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(project.config.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(project.config).toMatchObject({
      ...demoSwitches,
      allowLocalhost: true,
      createTeamOnSignUp: false,
      oauthProviders: [],
      domains: [],
      emailConfig: { type: 'shared' },
      teamCreatorDefaultPermissions: [{ id: 'admin' }],
      teamMemberDefaultPermissions: [{ id: 'member' }],
    });
  },
  testTimeout,
);

test(
  'AdminProject.update() sends every change and a fresh getProject() shows all of them',
  async () => {
    const admin = adminApp();
    const before = await admin.getProject();
    /** Config the update sends that the project then shows exactly as sent. */
    const keptAsSent = {
      domains: [{ domain: 'https://app.example.com', handlerPath: '/handler' }],
      oauthProviders: [
        { id: 'github', type: 'shared', enabled: true },
        { id: 'google', type: 'standard', enabled: true, clientId: 'x', clientSecret: 'y' },
      ] as AdminOAuthProviderConfig[],
      emailConfig,
    };

    const { requests, error } = await recordRequests(() =>
      before.update({
        displayName: 'Renamed by the SDK',
        description: 'A description set through project.update()',
        config: {
          signUpEnabled: false,
          allowLocalhost: false,
          clientTeamCreationEnabled: true,
          ...keptAsSent,
          teamCreatorDefaultPermissions: [{ id: 'member' }, { id: 'admin' }],
          teamMemberDefaultPermissions: [{ id: 'member' }],
        },
      }),
    );
    expect(error).toBeUndefined();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/v1/projects/current');
    expect(patch?.status).toBe(200);

    const expectedConfig = {
      id: before.config.id,
      ...demoSwitches,
      signUpEnabled: false,
      clientTeamCreationEnabled: true,
      allowLocalhost: false,
      createTeamOnSignUp: false,
      ...keptAsSent,
      teamCreatorDefaultPermissions: [{ id: 'admin' }, { id: 'member' }],
      teamMemberDefaultPermissions: [{ id: 'member' }],
    };
    const expected = {
      id: demo.projectId,
      displayName: 'Renamed by the SDK',
      description: 'A description set through project.update()',
      createdAt: before.createdAt,
      userCount: 0,
      isProductionMode: false,
      config: expectedConfig,
    };

    // The same app refreshed its cache after update(); a brand-new app reads from the server.
    expect(adminProjectData(await admin.getProject())).toEqual(expected);
    const fresh = await adminApp().getProject();
    expect(adminProjectData(fresh)).toEqual(expected);
    // Shared providers carry no credentials.
    expect(fresh.config.oauthProviders.find((p) => p.id === 'github')).toEqual({ id: 'github', type: 'shared', enabled: true });
    expect(adminProjectData(fresh)).toEqual(expectedAdminProject(await serverAdminView()));

    // A partial update leaves everything it does not mention alone.
    await fresh.update({ config: { magicLinkEnabled: false } });
    const afterPartial = await adminApp().getProject();
    expect(adminProjectData(afterPartial)).toEqual({ ...expected, config: { ...expectedConfig, magicLinkEnabled: false } });
  },
  testTimeout,
);

test(
  "getProductionModeErrors() (computed by the SDK) agrees with the server's production-mode view",
  async () => {
    const admin = adminApp();
    const domainsFixUrl = `/projects/${demo.projectId}/domains` as const;

    // Fresh demo project: localhost allowed is the one problem on both sides.
    let sdkErrors = await (await admin.getProject()).getProductionModeErrors();
    let serverErrors = (await serverAdminView()).production_mode_errors ?? [];
    expect(sdkErrors).toHaveLength(1);
    expect(sdkErrors[0]?.relativeFixUrl).toBe(domainsFixUrl);
    expect(sdkErrors[0]?.message).toContain('localhost');
    expect(serverErrors.map((e) => e.relative_fix_url)).toEqual(sdkErrors.map((e) => e.relativeFixUrl));

    // Production mode is refused while the SDK still reports problems.
    const refused = await rejectionOf((await admin.getProject()).update({ isProductionMode: true }));
    expect(refused).toBeInstanceOf(KnownError);
    expect((await adminApp().getProject()).isProductionMode).toBe(false);

    // Three problems: localhost allowed, a localhost domain and a bare-IP domain.
    await (
      await admin.getProject()
    ).update({
      config: {
        allowLocalhost: true,
        domains: [
          { domain: 'https://localhost:3000', handlerPath: '/handler' },
          { domain: 'https://10.0.0.1', handlerPath: '/handler' },
          { domain: 'https://app.example.com', handlerPath: '/handler' },
        ],
      },
    });
    sdkErrors = await (await adminApp().getProject()).getProductionModeErrors();
    serverErrors = (await serverAdminView()).production_mode_errors ?? [];
    expect(sdkErrors).toHaveLength(3);
    expect(serverErrors).toHaveLength(3);
    expect(serverErrors.map((e) => e.relative_fix_url)).toEqual(sdkErrors.map((e) => e.relativeFixUrl));

    // Fixed: no problems on either side, and the server then accepts production mode.
    await (
      await admin.getProject()
    ).update({
      config: { allowLocalhost: false, domains: [{ domain: 'https://app.example.com', handlerPath: '/handler' }] },
    });
    const clean = await adminApp().getProject();
    expect(await clean.getProductionModeErrors()).toEqual([]);
    expect((await serverAdminView()).production_mode_errors ?? []).toEqual([]);
    await clean.update({ isProductionMode: true });
    const production = await adminApp().getProject();
    expect(production.isProductionMode).toBe(true);
    expect(await production.getProductionModeErrors()).toEqual([]);
  },
  testTimeout,
);

test(
  'an invalid project update makes the SDK throw with our message and changes nothing',
  async () => {
    const admin = adminApp();
    // Give the project a provider, so dropping it from a full list is a second kind of refusal.
    await (await admin.getProject()).update({ config: { oauthProviders: [{ id: 'github', type: 'shared', enabled: true }] } });
    const before = adminProjectData(await adminApp().getProject());

    // A non-https domain, alongside valid changes that must not be applied either.
    const insecure = await rejectionOf(
      (await admin.getProject()).update({
        displayName: 'Must not stick',
        config: { signUpEnabled: false, domains: [{ domain: 'http://insecure.example.com', handlerPath: '/handler' }] },
      }),
    );
    expect(insecure).toBeInstanceOf(KnownErrors.SchemaError);
    expect(insecure).toBeInstanceOf(KnownError);
    expect(errorMessage(insecure)).toContain('Domain must start with https://');
    expect(adminProjectData(await adminApp().getProject())).toEqual(before);
    expect(adminProjectData(await admin.getProject())).toEqual(before);

    // A provider list that leaves out an existing provider: a plain-text 400, which the SDK
    // surfaces as a generic error carrying the server's text.
    const dropped = await rejectionOf(
      (await admin.getProject()).update({
        displayName: 'Must not stick either',
        config: { oauthProviders: [{ id: 'google', type: 'shared', enabled: true }] },
      }),
    );
    expect(dropped).toBeInstanceOf(Error);
    expect(dropped).not.toBeInstanceOf(KnownError);
    expect(errorMessage(dropped)).toContain("Provider with id 'github' not found in the update");
    expect(adminProjectData(await adminApp().getProject())).toEqual(before);
  },
  testTimeout,
);

// ---------------------------------------------------------------------------------------------
// 2. API key sets

test(
  'createApiKey / listApiKeys / revoke through the admin app; a revoked publishable key stops working',
  async () => {
    const admin = adminApp();
    const expiresAt = new Date(Date.now() + day);
    const created = await admin.createApiKey({
      description: 'SDK-created key set',
      expiresAt,
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });

    // First view: the only time full keys are visible.
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created.description).toBe('SDK-created key set');
    expect(created.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect(created.manuallyRevokedAt).toBeNull();
    expect(Math.abs(created.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(created.isValid()).toBe(true);
    expect(created.whyInvalid()).toBeNull();
    expect(created.publishableClientKey).toMatch(/^pck_[A-Za-z0-9]{45}$/);
    expect(created.secretServerKey).toMatch(/^ssk_[A-Za-z0-9]{45}$/);
    expect(created.superSecretAdminKey).toBeUndefined();
    const publishableKey = created.publishableClientKey ?? '';
    const secretKey = created.secretServerKey ?? '';

    // The list shows last-four views only.
    const listed = await adminApp().listApiKeys();
    const entry: ApiKey | undefined = listed.find((k) => k.id === created.id);
    expect(entry).toBeDefined();
    expect(entry?.description).toBe('SDK-created key set');
    expect(entry?.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect(entry?.publishableClientKey).toEqual({ lastFour: publishableKey.slice(-4) });
    expect(entry?.secretServerKey).toEqual({ lastFour: secretKey.slice(-4) });
    expect(entry?.superSecretAdminKey).toBeNull();
    expect(entry?.isValid()).toBe(true);
    const listedText = JSON.stringify(listed);
    expect(listedText).not.toContain(publishableKey);
    expect(listedText).not.toContain(secretKey);
    // The bootstrap key set is listed too (newest first).
    expect(listed.map((k) => k.id)).toContain(demo.keys.id);
    expect(listed[0]?.id).toBe(created.id);

    // The new publishable key works.
    const withNewKey = await clientApp(publishableKey).getProject();
    expect(withNewKey.id).toBe(demo.projectId);

    // Revoke it.
    const { requests, error } = await recordRequests(() => created.revoke());
    expect(error).toBeUndefined();
    const revokeRequest = requests.find((r) => r.method === 'PATCH');
    expect(revokeRequest?.path).toBe(`/api/v1/internal/api-keys/${created.id}`);
    expect(revokeRequest?.body === undefined ? undefined : JSON.parse(revokeRequest.body)).toEqual({ revoked: true });
    expect(revokeRequest?.status).toBe(200);

    for (const list of [await admin.listApiKeys(), await adminApp().listApiKeys()]) {
      const revoked = list.find((k) => k.id === created.id);
      expect(revoked).toBeDefined();
      expect(revoked?.manuallyRevokedAt).toBeInstanceOf(Date);
      expect(Math.abs((revoked?.manuallyRevokedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      expect(revoked?.isValid()).toBe(false);
      expect(revoked?.whyInvalid()).toBe('manually-revoked');
      // The bootstrap set is untouched.
      const original = list.find((k) => k.id === demo.keys.id);
      expect(original?.isValid()).toBe(true);
      expect(original?.manuallyRevokedAt).toBeNull();
    }

    // A client app holding the revoked key can no longer read the project.
    const rejected = await rejectionOf(clientApp(publishableKey).getProject());
    expect(rejected).toBeInstanceOf(KnownErrors.InvalidPublishableClientKey);
    expect((rejected as KnownError).errorCode).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');
    // ... while the bootstrap key still can.
    expect((await clientApp().getProject()).id).toBe(demo.projectId);
  },
  testTimeout,
);

// ---------------------------------------------------------------------------------------------
// 3. Client app

test(
  "StackClientApp.getProject() reads the client view and reflects the admin's update",
  async () => {
    const { requests } = await recordRequests(() => clientApp().getProject());
    expect(requests.map((r) => `${r.method} ${r.path} ${r.headers.get('x-stack-access-type')} ${r.status}`)).toEqual([
      'GET /api/v1/projects/current client 200',
    ]);
    // A client app sends no server or admin key.
    expect(requests[0]?.headers.has('x-stack-secret-server-key')).toBe(false);
    expect(requests[0]?.headers.has('x-stack-super-secret-admin-key')).toBe(false);

    const initial = await clientApp().getProject();
    const raw = await serverClientView();
    expect(initial).toEqual({
      id: raw.id,
      displayName: raw.display_name,
      config: {
        signUpEnabled: raw.config.sign_up_enabled,
        credentialEnabled: raw.config.credential_enabled,
        magicLinkEnabled: raw.config.magic_link_enabled,
        passkeyEnabled: raw.config.passkey_enabled,
        clientTeamCreationEnabled: raw.config.client_team_creation_enabled,
        clientUserDeletionEnabled: raw.config.client_user_deletion_enabled,
        oauthProviders: raw.config.enabled_oauth_providers.map((p) => ({ id: p.id })),
      },
    });
    expect(initial).toEqual({
      id: demo.projectId,
      displayName: demo.displayName,
      config: {
        ...demoSwitches,
        oauthProviders: [],
      },
    });

    await (
      await adminApp().getProject()
    ).update({
      displayName: 'Client-visible name',
      config: {
        signUpEnabled: false,
        credentialEnabled: false,
        magicLinkEnabled: false,
        clientTeamCreationEnabled: true,
        oauthProviders: [
          { id: 'github', type: 'shared', enabled: true },
          { id: 'google', type: 'standard', enabled: true, clientId: 'x', clientSecret: 'y' },
          { id: 'spotify', type: 'shared', enabled: false },
        ],
      },
    });

    const updated = await clientApp().getProject();
    expect(updated.id).toBe(demo.projectId);
    expect(updated.displayName).toBe('Client-visible name');
    expect(updated.config.signUpEnabled).toBe(false);
    expect(updated.config.credentialEnabled).toBe(false);
    expect(updated.config.magicLinkEnabled).toBe(false);
    expect(updated.config.clientTeamCreationEnabled).toBe(true);
    // Only enabled providers, and only their ids.
    expect(updated.config.oauthProviders.map((p) => p.id).sort()).toEqual(['github', 'google']);
    for (const provider of updated.config.oauthProviders) expect(Object.keys(provider)).toEqual(['id']);
    // The client view never leaks admin-only fields.
    expect(JSON.stringify(updated)).not.toContain('clientSecret');
    expect(Object.keys(await serverClientView()).sort()).toEqual(['config', 'display_name', 'id']);
  },
  testTimeout,
);

// ---------------------------------------------------------------------------------------------
// 4. Server app

test(
  'StackServerApp.getProject() reads the client view of the project',
  async () => {
    const server = serverApp();
    const { requests, error } = await recordRequests(() => server.getProject());
    expect(error).toBeUndefined();
    // SDK 2.7.23 reads the project of a server app with a client-type request and the
    // publishable key (client-app-impl getProject -> getClientProject).
    expect(requests.map((r) => `${r.method} ${r.path} ${r.headers.get('x-stack-access-type')} ${r.status}`)).toEqual([
      'GET /api/v1/projects/current client 200',
    ]);

    const project = await serverApp().getProject();
    expect(project).toEqual(await clientApp().getProject());
    expect(project.id).toBe(demo.projectId);
    expect(project.displayName).toBe(demo.displayName);
    expect(Object.keys(project.config).sort()).toEqual([
      'clientTeamCreationEnabled',
      'clientUserDeletionEnabled',
      'credentialEnabled',
      'magicLinkEnabled',
      'oauthProviders',
      'passkeyEnabled',
      'signUpEnabled',
    ]);

    await (await adminApp().getProject()).update({ displayName: 'Seen by the server app', config: { signUpEnabled: false } });
    const updated = await serverApp().getProject();
    expect(updated.displayName).toBe('Seen by the server app');
    expect(updated.config.signUpEnabled).toBe(false);
  },
  testTimeout,
);

// ---------------------------------------------------------------------------------------------
// 5. Known errors reach the SDK as typed errors, without retries

test(
  'a wrong super secret admin key gives KnownErrors.InvalidSuperSecretAdminKey, after one request',
  async () => {
    const started = Date.now();
    const { requests, error } = await recordRequests(() =>
      adminApp({ superSecretAdminKey: 'sak_this-key-does-not-exist' }).getProject(),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
    expect(error).toBeInstanceOf(KnownErrors.InvalidProjectAuthentication);
    expect(error).toBeInstanceOf(KnownErrors.ProjectAuthenticationError);
    expect(error).toBeInstanceOf(KnownError);
    const known = error as KnownError;
    expect(known.errorCode).toBe('INVALID_SUPER_SECRET_ADMIN_KEY');
    expect(known.statusCode).toBe(401);
    expect(known.details).toEqual({ project_id: demo.projectId });
    expect(known.message).toContain(demo.projectId);
    // Exactly one request: the SDK threw at once instead of retrying.
    expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /api/v1/projects/current 401']);
    // The server tagged the error so the SDK could type it.
    expect(requests[0]?.headers.get('x-stack-override-error-status')).toBe('true');
  },
  testTimeout,
);

test(
  'other key errors are typed too: wrong admin key on the API key list, unknown project, wrong publishable key',
  async () => {
    const wrongAdmin = await recordRequests(() => adminApp({ superSecretAdminKey: 'sak_wrong' }).listApiKeys());
    expect(wrongAdmin.error).toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
    expect(wrongAdmin.requests).toHaveLength(1);

    // Real keys, but of another project: the keys do not belong to it.
    const otherProjectId = crypto.randomUUID();
    const otherProject = await recordRequests(() => adminApp({ projectId: otherProjectId }).getProject());
    expect(otherProject.error).toBeInstanceOf(KnownErrors.InvalidSuperSecretAdminKey);
    expect((otherProject.error as KnownError).details).toEqual({ project_id: otherProjectId });
    expect(otherProject.requests).toHaveLength(1);

    const wrongClient = await recordRequests(() => clientApp('pck_this-key-does-not-exist').getProject());
    expect(wrongClient.error).toBeInstanceOf(KnownErrors.InvalidPublishableClientKey);
    expect((wrongClient.error as KnownError).errorCode).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');
    expect(wrongClient.requests).toHaveLength(1);
  },
  testTimeout,
);
