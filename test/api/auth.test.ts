// Project authentication: every error of the processing order, in order, and
// the endpoint-level access-type check.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import { as, call, expectKnownError, expectTextError, unknownUuid } from '../support/projects';
import { withProject } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject, internal: BootstrappedProject, other: BootstrappedProject;

withProject('Other project', (started) => ({ t, demo, internal, project: other } = started));

const PCK = 'x-stack-publishable-client-key';
const SSK = 'x-stack-secret-server-key';
const SAK = 'x-stack-super-secret-admin-key';
const PID = 'x-stack-project-id';
const TYPE = 'x-stack-access-type';
const AT = 'x-stack-access-token';
const AAT = 'x-stack-admin-access-token';

// A syntactically plausible JWT that no project signed.
const fakeJwt =
  'eyJhbGciOiJFUzI1NiIsImtpZCI6ImFiYyJ9.eyJzdWIiOiIxMjMiLCJhdWQiOiJpbnRlcm5hbCIsImV4cCI6OTk5OTk5OTk5OX0.c2lnbmF0dXJl';

interface Row {
  name: string;
  method?: string;
  path?: string;
  headers: () => Record<string, string>;
  status: number;
  code: string;
  details?: () => Record<string, unknown>;
  /** Exact `error` message, when the test pins it. */
  message?: () => string;
}

const keysOf = (p: BootstrappedProject) => p.keys as Required<BootstrappedProject['keys']>;

const rows: Row[] = [
  // Step 3: nothing at all, or a project id alone, is anonymous; /projects/current needs project auth.
  { name: 'no headers at all', headers: () => ({}), status: 400, code: 'ACCESS_TYPE_REQUIRED' },
  { name: 'project id only', headers: () => ({ [PID]: demo.projectId }), status: 400, code: 'ACCESS_TYPE_REQUIRED' },
  {
    name: 'empty access type and empty keys count as absent',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: '', [PCK]: '', [SSK]: '', [SAK]: '', [AAT]: '' }),
    status: 400,
    code: 'ACCESS_TYPE_REQUIRED',
  },
  {
    name: 'access token without project id is not checked (anonymous)',
    headers: () => ({ [AT]: 'garbage' }),
    status: 400,
    code: 'ACCESS_TYPE_REQUIRED',
  },

  // Step 2: a key or admin token but no access type.
  ...(
    [
      ['publishable key', PCK, () => keysOf(demo).publishable_client_key],
      ['secret server key', SSK, () => keysOf(demo).secret_server_key],
      ['super secret admin key', SAK, () => keysOf(demo).super_secret_admin_key],
      ['admin access token', AAT, () => fakeJwt],
    ] as const
  ).map(([what, header, value]) => ({
    name: `${what} without access type`,
    headers: () => ({ [PID]: demo.projectId, [header]: value() }),
    status: 400,
    code: 'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
  })),
  {
    name: 'key without access type, even without a project id',
    headers: () => ({ [SAK]: 'anything' }),
    status: 400,
    code: 'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
  },
  {
    name: 'key with an empty access type header',
    headers: () => ({ ...as(demo, 'admin'), [TYPE]: '' }),
    status: 400,
    code: 'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
  },
  {
    name: 'key without access type comes before an invalid project',
    headers: () => ({ [PID]: 'no-such-project', [PCK]: 'pck_nope' }),
    status: 400,
    code: 'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
  },

  // Step 4: invalid access type.
  ...['superuser', 'Admin', 'CLIENT', 'client,server', 'none'].map((value) => ({
    name: `invalid access type ${JSON.stringify(value)}`,
    headers: () => ({ ...as(demo, 'admin'), [TYPE]: value }),
    status: 400,
    code: 'INVALID_ACCESS_TYPE',
    details: () => ({ accessType: value }),
  })),
  {
    name: 'invalid access type comes before a missing project id',
    headers: () => ({ [TYPE]: 'root' }),
    status: 400,
    code: 'INVALID_ACCESS_TYPE',
    details: () => ({ accessType: 'root' }),
    message: () => "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'root'.",
  },

  // Step 5: access type but no project id.
  ...(['client', 'server', 'admin'] as const).map((type) => ({
    name: `access type ${type} without project id`,
    headers: () => {
      const h = as(demo, type);
      delete h[PID];
      return h;
    },
    status: 400,
    code: 'ACCESS_TYPE_WITHOUT_PROJECT_ID',
    details: () => ({ request_type: type }),
  })),
  {
    name: 'access type with an empty project id',
    headers: () => ({ ...as(demo, 'client'), [PID]: '' }),
    status: 400,
    code: 'ACCESS_TYPE_WITHOUT_PROJECT_ID',
    details: () => ({ request_type: 'client' }),
  },
  {
    name: 'admin access token without project id: project id is checked first',
    headers: () => ({ [TYPE]: 'admin', [AAT]: fakeJwt }),
    status: 400,
    code: 'ACCESS_TYPE_WITHOUT_PROJECT_ID',
    details: () => ({ request_type: 'admin' }),
  },

  // Step 6: admin access tokens (none can be valid here).
  {
    name: 'admin access token as the admin SDK sends it (empty key headers)',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'admin', [AAT]: fakeJwt, [SSK]: '', [SAK]: '' }),
    status: 401,
    code: 'UNPARSABLE_ADMIN_ACCESS_TOKEN',
  },
  {
    name: 'garbage admin access token',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'admin', [AAT]: 'not-a-jwt' }),
    status: 401,
    code: 'UNPARSABLE_ADMIN_ACCESS_TOKEN',
  },
  {
    name: 'admin access token replaces key checks even with a valid admin key',
    headers: () => ({ ...as(demo, 'admin'), [AAT]: 'not-a-jwt' }),
    status: 401,
    code: 'UNPARSABLE_ADMIN_ACCESS_TOKEN',
  },
  {
    name: 'admin access token with client access type',
    headers: () => ({ ...as(demo, 'client'), [AAT]: 'not-a-jwt' }),
    status: 401,
    code: 'UNPARSABLE_ADMIN_ACCESS_TOKEN',
  },

  // Step 7: keys.
  {
    name: 'client without publishable key',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'client' }),
    status: 401,
    code: 'CLIENT_AUTHENTICATION_REQUIRED',
  },
  {
    name: 'client with an empty publishable key',
    headers: () => ({ ...as(demo, 'client'), [PCK]: '' }),
    status: 401,
    code: 'CLIENT_AUTHENTICATION_REQUIRED',
  },
  {
    name: 'client with only a (valid) secret server key',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'client', [SSK]: keysOf(demo).secret_server_key }),
    status: 401,
    code: 'CLIENT_AUTHENTICATION_REQUIRED',
  },
  {
    name: 'server without secret key',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'server' }),
    status: 401,
    code: 'SERVER_AUTHENTICATION_REQUIRED',
  },
  {
    name: 'server with only a (valid) publishable key',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'server', [PCK]: keysOf(demo).publishable_client_key }),
    status: 401,
    code: 'SERVER_AUTHENTICATION_REQUIRED',
  },
  {
    name: 'server with an empty secret key',
    headers: () => ({ ...as(demo, 'server'), [SSK]: '' }),
    status: 401,
    code: 'SERVER_AUTHENTICATION_REQUIRED',
  },
  {
    name: 'admin without admin key',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'admin' }),
    status: 401,
    code: 'ADMIN_AUTHENTICATION_REQUIRED',
  },
  {
    name: 'admin with only a (valid) secret server key',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'admin', [SSK]: keysOf(demo).secret_server_key, [SAK]: '' }),
    status: 401,
    code: 'ADMIN_AUTHENTICATION_REQUIRED',
  },
  {
    name: 'client with a wrong publishable key',
    headers: () => ({ ...as(demo, 'client'), [PCK]: 'pck_0000000000000000000000000000000000000000000000' }),
    status: 401,
    code: 'INVALID_PUBLISHABLE_CLIENT_KEY',
    details: () => ({ project_id: demo.projectId }),
    message: () => `The publishable key is not valid for the project "${demo.projectId}". Does the project and/or the key exist?`,
  },
  {
    name: 'client sending the secret server key as publishable key',
    headers: () => ({ ...as(demo, 'client'), [PCK]: keysOf(demo).secret_server_key }),
    status: 401,
    code: 'INVALID_PUBLISHABLE_CLIENT_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'client sending the admin key as publishable key',
    headers: () => ({ ...as(demo, 'client'), [PCK]: keysOf(demo).super_secret_admin_key }),
    status: 401,
    code: 'INVALID_PUBLISHABLE_CLIENT_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'client with the publishable key of another project',
    headers: () => ({ ...as(demo, 'client'), [PCK]: keysOf(other).publishable_client_key }),
    status: 401,
    code: 'INVALID_PUBLISHABLE_CLIENT_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'server with a wrong secret key',
    headers: () => ({ ...as(demo, 'server'), [SSK]: 'ssk_wrong' }),
    status: 401,
    code: 'INVALID_SECRET_SERVER_KEY',
    details: () => ({ project_id: demo.projectId }),
    message: () =>
      `The secret server key is not valid for the project "${demo.projectId}". Does the project and/or the key exist?`,
  },
  {
    name: 'server sending the publishable key as secret key',
    headers: () => ({ ...as(demo, 'server'), [SSK]: keysOf(demo).publishable_client_key }),
    status: 401,
    code: 'INVALID_SECRET_SERVER_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'server sending the admin key as secret key',
    headers: () => ({ ...as(demo, 'server'), [SSK]: keysOf(demo).super_secret_admin_key }),
    status: 401,
    code: 'INVALID_SECRET_SERVER_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'server with the internal project secret key',
    headers: () => ({ ...as(demo, 'server'), [SSK]: keysOf(internal).secret_server_key }),
    status: 401,
    code: 'INVALID_SECRET_SERVER_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'admin with a wrong admin key',
    headers: () => ({ ...as(demo, 'admin'), [SAK]: 'sak_wrong' }),
    status: 401,
    code: 'INVALID_SUPER_SECRET_ADMIN_KEY',
    details: () => ({ project_id: demo.projectId }),
    message: () =>
      `The super secret admin key is not valid for the project "${demo.projectId}". Does the project and/or the key exist?`,
  },
  {
    name: 'admin sending the secret server key as admin key',
    headers: () => ({ ...as(demo, 'admin'), [SAK]: keysOf(demo).secret_server_key }),
    status: 401,
    code: 'INVALID_SUPER_SECRET_ADMIN_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'admin with the internal project admin key on the demo project',
    headers: () => ({ ...as(demo, 'admin'), [SAK]: keysOf(internal).super_secret_admin_key }),
    status: 401,
    code: 'INVALID_SUPER_SECRET_ADMIN_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'admin with the demo admin key on the internal project',
    headers: () => ({ ...as(internal, 'admin'), [SAK]: keysOf(demo).super_secret_admin_key }),
    status: 401,
    code: 'INVALID_SUPER_SECRET_ADMIN_KEY',
    details: () => ({ project_id: 'internal' }),
  },

  // Unknown project with otherwise valid keys: the key is not valid for that project.
  ...(
    [
      ['client', 'INVALID_PUBLISHABLE_CLIENT_KEY'],
      ['server', 'INVALID_SECRET_SERVER_KEY'],
      ['admin', 'INVALID_SUPER_SECRET_ADMIN_KEY'],
    ] as const
  ).map(([type, code]) => {
    const projectId = unknownUuid();
    return {
      name: `${type} keys of demo sent for an unknown project id`,
      headers: () => ({ ...as(demo, type), [PID]: projectId }),
      status: 401,
      code,
      details: () => ({ project_id: projectId }),
    };
  }),
  {
    name: 'non-UUID unknown project id',
    headers: () => ({ ...as(demo, 'server'), [PID]: 'no-such-project' }),
    status: 401,
    code: 'INVALID_SECRET_SERVER_KEY',
    details: () => ({ project_id: 'no-such-project' }),
  },

  // Step 1: the access token is checked before anything about keys or access types.
  {
    name: 'access token with otherwise valid admin auth',
    headers: () => ({ ...as(demo, 'admin'), [AT]: 'garbage' }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
  },
  {
    name: 'JWT-shaped access token nobody signed',
    headers: () => ({ ...as(demo, 'client'), [AT]: fakeJwt }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
  },
  {
    name: 'access token comes before a missing key',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'client', [AT]: 'garbage' }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
  },
  {
    name: 'access token comes before a wrong key',
    headers: () => ({ ...as(demo, 'server'), [SSK]: 'ssk_wrong', [AT]: 'garbage' }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
  },
  {
    name: 'access token comes before an invalid access type',
    headers: () => ({ ...as(demo, 'admin'), [TYPE]: 'root', [AT]: 'garbage' }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
  },
  {
    name: 'access token comes before a key without access type',
    headers: () => ({ [PID]: demo.projectId, [SAK]: 'x', [AT]: 'garbage' }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
  },
  {
    name: 'access token comes before an admin access token',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'admin', [AAT]: 'x', [AT]: 'garbage' }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
  },
  {
    name: 'access token with an unknown project id',
    headers: () => ({ ...as(demo, 'client'), [PID]: unknownUuid(), [AT]: 'garbage' }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
  },

  // Endpoint level: admin-only endpoints.
  ...(
    [
      ['GET', '/internal/api-keys'],
      ['POST', '/internal/api-keys'],
      ['PATCH', '/projects/current'],
      ['DELETE', '/projects/current'],
      ['GET', `/internal/api-keys/${unknownUuid()}`],
    ] as const
  ).flatMap(([method, path]) =>
    (['client', 'server'] as const).map((type) => ({
      name: `${type} calling admin-only ${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}`,
      method,
      path,
      headers: () => as(demo, type),
      status: 401,
      code: 'INSUFFICIENT_ACCESS_TYPE',
      details: () => ({ actual_access_type: type, allowed_access_types: ['admin'] }),
      message: () => `The x-stack-access-type header must be 'admin', but was '${type}'.`,
    })),
  ),
  {
    name: 'anonymous call of an admin-only endpoint',
    path: '/internal/api-keys',
    headers: () => ({}),
    status: 400,
    code: 'ACCESS_TYPE_REQUIRED',
  },

  // Auth errors come before schema validation …
  {
    name: 'invalid key with an invalid api key id in the path',
    path: '/internal/api-keys/not-a-uuid',
    headers: () => ({ ...as(demo, 'admin'), [SAK]: 'sak_wrong' }),
    status: 401,
    code: 'INVALID_SUPER_SECRET_ADMIN_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  // … and before the 404 of an unknown path.
  {
    name: 'invalid key on an unknown API path',
    path: '/no/such/endpoint',
    headers: () => ({ ...as(demo, 'server'), [SSK]: 'ssk_wrong' }),
    status: 401,
    code: 'INVALID_SECRET_SERVER_KEY',
    details: () => ({ project_id: demo.projectId }),
  },
  {
    name: 'invalid access type on an unknown API path',
    method: 'POST',
    path: '/no/such/endpoint',
    headers: () => ({ [PID]: demo.projectId, [TYPE]: 'bogus' }),
    status: 400,
    code: 'INVALID_ACCESS_TYPE',
    details: () => ({ accessType: 'bogus' }),
  },
];

describe('project authentication errors', () => {
  test.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const res = await call(t, row.method ?? 'GET', row.path ?? '/projects/current', {
      headers: row.headers(),
      // Admin endpoints that take a body get a valid one, so only auth can fail.
      body:
        row.method === 'POST' && row.path === '/internal/api-keys'
          ? {
              description: 'x',
              expires_at_millis: Date.now() + 60_000,
              has_publishable_client_key: true,
              has_secret_server_key: false,
              has_super_secret_admin_key: false,
            }
          : row.method === 'PATCH'
            ? { display_name: 'should not be applied' }
            : undefined,
    });
    expectKnownError(res, row.status, row.code, row.details?.());
    if (row.message) expect(res.json.error).toBe(row.message());
  });

  test('no refused call changed the demo project or its keys', async () => {
    const res = await call(t, 'GET', '/projects/current', { headers: as(demo, 'admin') });
    expect(res.status).toBe(200);
    expect(res.json.display_name).toBe('Demo project');
    const keys = await call(t, 'GET', '/internal/api-keys', { headers: as(demo, 'admin') });
    expect(keys.json.items).toHaveLength(1);
  });
});

describe('successful authentication', () => {
  const ok: { name: string; project: () => BootstrappedProject; headers: () => Record<string, string> }[] = [
    { name: 'demo client', project: () => demo, headers: () => as(demo, 'client') },
    { name: 'demo server', project: () => demo, headers: () => as(demo, 'server') },
    { name: 'demo admin', project: () => demo, headers: () => as(demo, 'admin') },
    { name: 'internal client', project: () => internal, headers: () => as(internal, 'client') },
    { name: 'internal admin', project: () => internal, headers: () => as(internal, 'admin') },
    { name: 'other project server', project: () => other, headers: () => as(other, 'server') },
    {
      name: 'client with every key present (only the publishable one is checked)',
      project: () => demo,
      headers: () => ({ ...as(demo, 'client'), [SSK]: 'ssk_ignored', [SAK]: 'sak_ignored' }),
    },
    {
      name: 'server with a wrong publishable key (not checked for server)',
      project: () => demo,
      headers: () => ({ ...as(demo, 'server'), [PCK]: 'pck_ignored' }),
    },
    {
      name: 'admin with empty secret server key header, as the SDK sends',
      project: () => demo,
      headers: () => ({ ...as(demo, 'admin'), [SSK]: '' }),
    },
    {
      name: 'an empty access token header counts as absent',
      project: () => demo,
      headers: () => ({ ...as(demo, 'client'), [AT]: '' }),
    },
    {
      name: 'an empty admin access token header counts as absent',
      project: () => demo,
      headers: () => ({ ...as(demo, 'admin'), [AAT]: '' }),
    },
  ];
  test.each(ok.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const res = await call(t, 'GET', '/projects/current', { headers: row.headers() });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stack-known-error')).toBeNull();
    expect(res.json.id).toBe(row.project().projectId);
  });

  test('admin may call server- and client-level endpoints (GET /projects/current)', async () => {
    const res = await call(t, 'GET', '/projects/current', { headers: as(demo, 'admin') });
    expect(res.status).toBe(200);
    expect(res.json.config.domains).toBeArray();
  });

  test('a valid key on an unknown path gets the 404 text', async () => {
    const res = await call(t, 'GET', '/no/such/endpoint', { headers: as(demo, 'admin') });
    expectTextError(res, 404);
  });
});

describe('order relative to body parsing and method check', () => {
  test('malformed JSON is reported before a wrong key', async () => {
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: { ...as(demo, 'admin'), [SAK]: 'sak_wrong' },
      rawBody: '{"display_name": ',
      contentType: 'application/json',
    });
    expectKnownError(res, 400, 'BODY_PARSING_ERROR', { message: 'Invalid JSON in request body' });
  });

  test('malformed JSON is reported before an access token', async () => {
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: { ...as(demo, 'admin'), [AT]: 'garbage' },
      rawBody: '{',
      contentType: 'application/json',
    });
    expectKnownError(res, 400, 'BODY_PARSING_ERROR');
  });

  test('unsupported method is reported before bad auth and bad body', async () => {
    const res = await call(t, 'PROPFIND', '/projects/current', {
      headers: { [TYPE]: 'bogus', [AT]: 'garbage' },
      rawBody: '{',
      contentType: 'application/json',
    });
    expectTextError(res, 405);
  });

  test('a schema-invalid body with a wrong key gets the key error, not SCHEMA_ERROR', async () => {
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: { ...as(demo, 'admin'), [SAK]: 'sak_wrong' },
      body: { zzz: 1, display_name: 42 },
    });
    expectKnownError(res, 401, 'INVALID_SUPER_SECRET_ADMIN_KEY', { project_id: demo.projectId });
  });

  test('a schema-invalid body with an access token gets UNPARSABLE_ACCESS_TOKEN', async () => {
    const res = await call(t, 'POST', '/internal/api-keys', {
      headers: { ...as(demo, 'admin'), [AT]: 'garbage' },
      body: { nonsense: true },
    });
    expectKnownError(res, 401, 'UNPARSABLE_ACCESS_TOKEN');
  });
});
