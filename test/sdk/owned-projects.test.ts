// The published @stackframe/js 2.7.23 SDK, unmodified, as Stack's dashboard uses it: an internal
// StackClientApp signs up an admin, lists and creates owned projects, and each owned project's
// admin app (built by the SDK on the admin access token path, with no keys) reads and updates
// the project and manages key sets and permission definitions. When the internal access token
// has expired the SDK's next admin call still succeeds: it refreshes the internal session and
// retries. Every request is recorded by wrapping fetch, to check what went over the wire.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { StackClientApp } from '@stackframe/js';
import { readProjectAdminView } from '../../server/core/projects/projects';
import { startTestInstance, type TestInstance } from '../support/instance';
import { uuidPattern } from '../support/api-expectations';

const testTimeout = 60_000;
const day = 24 * 60 * 60 * 1000;

interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string | undefined;
  /** The status the SDK acts on: X-Stack-Actual-Status when present, else the HTTP status. */
  status: number;
  knownError: string | null;
}

const requests: RecordedRequest[] = [];
const originalFetch = globalThis.fetch;

let t: TestInstance;

beforeAll(async () => {
  t = await startTestInstance();
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await originalFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === new URL(t.url).origin) {
      const actual = response.headers.get('x-stack-actual-status');
      requests.push({
        method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
        path: url.pathname,
        headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
        body:
          typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : undefined,
        status: actual === null ? response.status : Number(actual),
        knownError: response.headers.get('x-stack-known-error'),
      });
    }
    return response;
  };
  globalThis.fetch = Object.assign(recordingFetch, originalFetch) as typeof fetch;
});

afterAll(async () => {
  globalThis.fetch = originalFetch;
  await t.stop();
});

/** Runs `action` and returns what it resolved to and the requests it sent. */
async function recorded<T>(action: () => Promise<T>): Promise<{ result: T; sent: RecordedRequest[] }> {
  const start = requests.length;
  const result = await action();
  return { result, sent: requests.slice(start) };
}

function internalApp() {
  return new StackClientApp({
    baseUrl: t.url,
    projectId: 'internal',
    publishableClientKey: t.internal.keys.publishable_client_key!,
    tokenStore: 'memory',
    redirectMethod: 'none',
    noAutomaticPrefetch: true,
  });
}

async function signedInAdmin(email: string) {
  const app = internalApp();
  const result = await app.signUpWithCredential({
    email,
    password: 'correct horse battery',
    verificationCallbackUrl: 'http://localhost:3000/handler/email-verification',
    noRedirect: true,
  });
  expect(result.status).toBe('ok');
  const user = await app.getUser({ or: 'throw' });
  expect(user.primaryEmail).toBe(email);
  return { app, user };
}

describe('an internal StackClientApp and the admin apps of its owned projects', () => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let project: Awaited<ReturnType<Awaited<ReturnType<typeof signedInAdmin>>['user']['createProject']>>;

  beforeAll(async () => {
    admin = await signedInAdmin('dashboard-admin@example.com');
  }, testTimeout);

  /** A key set of the owned project through its admin app: valid 30 days, a secret server key, no admin key. */
  const createKeySet = (description: string, withPublishableKey: boolean) =>
    project.app.createApiKey({
      description,
      expiresAt: new Date(Date.now() + 30 * day),
      hasPublishableClientKey: withPublishableKey,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });

  test(
    'listOwnedProjects is empty, createProject makes one the admin owns, and the list then shows it',
    async () => {
      expect(await admin.user.listOwnedProjects()).toEqual([]);

      const { result: created, sent } = await recorded(() =>
        admin.user.createProject({ displayName: 'Made by the SDK', description: 'owned project' }),
      );
      project = created;
      const post = sent.find((r) => r.method === 'POST' && r.path === '/api/v1/internal/projects');
      expect(post?.status).toBe(201);
      expect(post?.headers.get('x-stack-project-id')).toBe('internal');
      expect(post?.headers.get('x-stack-access-token')).toBeTruthy();

      expect(project.id).toMatch(uuidPattern);
      expect(project.displayName).toBe('Made by the SDK');
      expect(project.description).toBe('owned project');
      expect(project.userCount).toBe(0);
      expect(project.config.signUpEnabled).toBe(true);
      expect(project.config.credentialEnabled).toBe(true);
      expect(project.config.allowLocalhost).toBe(true);

      const owned = await admin.user.listOwnedProjects();
      expect(owned.map((p) => p.id)).toEqual([project.id]);
      expect(owned[0]!.displayName).toBe('Made by the SDK');
    },
    testTimeout,
  );

  test(
    'the owned project’s admin app reads and updates the project with the admin access token alone',
    async () => {
      const { result: read, sent } = await recorded(() => project.app.getProject());
      expect(read.id).toBe(project.id);
      expect(read.displayName).toBe('Made by the SDK');
      const get = sent.find((r) => r.path === '/api/v1/projects/current');
      expect(get?.status).toBe(200);
      expect(get?.headers.get('x-stack-access-type')).toBe('admin');
      expect(get?.headers.get('x-stack-admin-access-token')).toBeTruthy();
      expect(get?.headers.get('x-stack-publishable-client-key')).toBeNull();
      expect(get?.headers.get('x-stack-super-secret-admin-key')).toBe('');

      await read.update({ displayName: 'Renamed by the SDK', config: { signUpEnabled: false, magicLinkEnabled: true } });
      const stored = await readProjectAdminView(t.ctx, project.id);
      expect(stored.display_name).toBe('Renamed by the SDK');
      expect(stored.config.sign_up_enabled).toBe(false);
      expect(stored.config.magic_link_enabled).toBe(true);
    },
    testTimeout,
  );

  test(
    'the admin app creates, lists and revokes API key sets',
    async () => {
      const created = await createKeySet('made through the owner', true);
      expect(created.publishableClientKey).toStartWith('pck_');
      expect(created.secretServerKey).toStartWith('ssk_');
      expect(created.superSecretAdminKey).toBeUndefined();

      const listed = await project.app.listApiKeys();
      expect(listed.map((k) => k.id)).toContain(created.id);

      await created.revoke();
      const afterRevoke = (await project.app.listApiKeys()).find((k) => k.id === created.id);
      expect(afterRevoke?.isValid()).toBe(false);

      // The revoked publishable key is refused by the project it was made in.
      const res = await originalFetch(`${t.url}/api/v1/projects/current`, {
        headers: {
          'x-stack-project-id': project.id,
          'x-stack-access-type': 'client',
          'x-stack-publishable-client-key': created.publishableClientKey!,
        },
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('x-stack-known-error')).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');
    },
    testTimeout,
  );

  test(
    'the admin app manages team permission definitions',
    async () => {
      await project.app.createTeamPermissionDefinition({
        id: 'billing_manage',
        description: 'may manage billing',
        containedPermissionIds: ['$read_members'],
      });
      let definitions = await project.app.listTeamPermissionDefinitions();
      const made = definitions.find((d) => d.id === 'billing_manage');
      expect(made?.description).toBe('may manage billing');
      expect(made?.containedPermissionIds).toEqual(['$read_members']);

      await project.app.updateTeamPermissionDefinition('billing_manage', { description: 'billing, renamed' });
      definitions = await project.app.listTeamPermissionDefinitions();
      expect(definitions.find((d) => d.id === 'billing_manage')?.description).toBe('billing, renamed');

      await project.app.deleteTeamPermissionDefinition('billing_manage');
      definitions = await project.app.listTeamPermissionDefinitions();
      expect(definitions.map((d) => d.id)).not.toContain('billing_manage');
    },
    testTimeout,
  );

  test(
    'after the internal access token expires, the next admin call refreshes the internal session and succeeds',
    async () => {
      // Eleven minutes pass on the server (tokens live ten); the SDK's own clock does not move,
      // so it still sends the old token and must react to the server's answer.
      const previousClock = t.ctx.clock;
      t.ctx.clock = { now: () => Date.now() + 11 * 60 * 1000 };
      try {
        const { result: created, sent } = await recorded(() => createKeySet('after expiry', false));
        expect(created.secretServerKey).toStartWith('ssk_');

        const attempts = sent.filter((r) => r.path === '/api/v1/internal/api-keys' && r.method === 'POST');
        expect(attempts.map((r) => [r.status, r.knownError])).toEqual([
          [401, 'ADMIN_ACCESS_TOKEN_EXPIRED'],
          [200, null],
        ]);
        const refresh = sent.find((r) => r.path === '/api/v1/auth/oauth/token');
        expect(refresh?.status).toBe(200);
        expect(new URLSearchParams(refresh?.body).get('client_id')).toBe('internal');
        const [expiredToken, freshToken] = attempts.map((r) => r.headers.get('x-stack-admin-access-token'));
        expect(freshToken).toBeTruthy();
        expect(freshToken).not.toBe(expiredToken);
        // Only one key set was made: the refused attempt changed nothing.
        const named = (await project.app.listApiKeys()).filter((k) => k.description === 'after expiry');
        expect(named).toHaveLength(1);
      } finally {
        t.ctx.clock = previousClock;
      }
    },
    testTimeout,
  );

  test(
    'a second admin lists only the projects it created, and the first admin’s list is unchanged',
    async () => {
      const second = await signedInAdmin('second-admin@example.com');
      expect(await second.user.listOwnedProjects()).toEqual([]);
      const own = await second.user.createProject({ displayName: 'Second' });
      expect((await second.user.listOwnedProjects()).map((p) => p.id)).toEqual([own.id]);
      expect((await admin.user.listOwnedProjects()).map((p) => p.id)).toEqual([project.id]);
    },
    testTimeout,
  );
});
