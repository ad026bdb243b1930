// Bad input: each refused request gets the error Stack gives,
// leaves the stored data exactly as it was, and the server keeps serving afterwards.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from '../support/instance';
import {
  adminView,
  as,
  call,
  expectKnownError,
  expectSchemaError,
  expectStillServing,
  expectTextError,
  makeProject,
  unknownUuid,
} from '../support/projects';
import { withInstance } from '../support/file-instance';
import { signInCall } from '../support/accounts';

let t: TestInstance;
/** The project every refused PATCH targets; configured with providers, domains and email. */
let target: BootstrappedProject;

const existingProviders = [
  { id: 'github', type: 'standard', enabled: true, client_id: 'gh-client', client_secret: 'gh-secret' },
  { id: 'google', type: 'shared', enabled: true },
];

withInstance(async (started) => {
  ({ t } = started);
  target = await makeProject(t, 'Bad input target');
  const setup = await call(t, 'PATCH', '/projects/current', {
    headers: as(target, 'admin'),
    body: {
      description: 'configured before the bad input',
      config: {
        sign_up_enabled: true,
        magic_link_enabled: true,
        domains: [
          { domain: 'https://one.example.com', handler_path: '/handler' },
          { domain: 'https://two.example.com', handler_path: '/auth' },
        ],
        oauth_providers: existingProviders,
        email_config: {
          type: 'standard',
          host: 'smtp.example.com',
          port: 587,
          username: 'mailer',
          password: 'mail-password',
          sender_name: 'Example',
          sender_email: 'noreply@example.com',
        },
        team_member_default_permissions: [{ id: 'member' }, { id: '$read_members' }],
      },
    },
  });
  expect(setup.status).toBe(200);
});

const PATCH_PATH = 'PATCH /api/v1/projects/current:';
const PERMISSION_ID_MESSAGE = 'Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed';

type Expected =
  | { kind: 'known'; status: number; code: string; details?: Record<string, unknown>; message?: string }
  | { kind: 'schema'; fragments: string[] }
  | { kind: 'text'; status: number; text: string };

interface PatchRow {
  name: string;
  body?: unknown;
  rawBody?: BodyInit;
  contentType?: string;
  expected: Expected;
}

const schema = (...fragments: string[]): Expected => ({ kind: 'schema', fragments });
const text = (message: string): Expected => ({ kind: 'text', status: 400, text: message });
const bodyParsing = (message: string): Expected => ({
  kind: 'known',
  status: 400,
  code: 'BODY_PARSING_ERROR',
  details: { message },
  message,
});
const withProviders = (...extra: unknown[]) => ({ config: { oauth_providers: [...existingProviders, ...extra] } });
const domain = (d: string, handlerPath = '/handler') => ({ domain: d, handler_path: handlerPath });

function checkExpected(res: ApiResult, expected: Expected): void {
  switch (expected.kind) {
    case 'known':
      expectKnownError(res, expected.status, expected.code, expected.details);
      if (expected.message !== undefined) expect(res.json.error).toBe(expected.message);
      break;
    case 'schema': {
      const message = expectSchemaError(res, ...expected.fragments);
      expect(message).toStartWith(`Request validation failed on ${PATCH_PATH}`);
      break;
    }
    case 'text':
      expectTextError(res, expected.status, expected.text);
      break;
  }
}

const patchRows: PatchRow[] = [
  // Body parsing.
  {
    name: 'malformed JSON',
    rawBody: '{"display_name": "x",',
    contentType: 'application/json',
    expected: bodyParsing('Invalid JSON in request body'),
  },
  {
    name: 'JSON with trailing garbage',
    rawBody: '{} {}',
    contentType: 'application/json',
    expected: bodyParsing('Invalid JSON in request body'),
  },
  {
    name: 'single-quoted pseudo-JSON',
    rawBody: "{'display_name': 'x'}",
    contentType: 'application/json; charset=utf-8',
    expected: bodyParsing('Invalid JSON in request body'),
  },
  {
    name: 'unknown content type application/xml',
    rawBody: '<project/>',
    contentType: 'application/xml',
    expected: bodyParsing('Unknown content type in request body: application/xml'),
  },
  {
    name: 'unknown content type with parameters',
    rawBody: '--x--',
    contentType: 'multipart/form-data; boundary=x',
    expected: bodyParsing('Unknown content type in request body: multipart/form-data'),
  },
  {
    name: 'non-UTF-8 JSON body',
    rawBody: new Uint8Array([0x7b, 0x22, 0x64, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    contentType: 'application/json',
    expected: bodyParsing('Request body cannot be parsed as UTF-8'),
  },
  {
    name: 'non-UTF-8 text/plain body',
    rawBody: new Uint8Array([0xc3, 0x28]),
    contentType: 'text/plain',
    expected: bodyParsing('Request body cannot be parsed as UTF-8'),
  },

  // Shapes the schema refuses.
  { name: 'no body at all', expected: schema('body') },
  { name: 'JSON null', rawBody: 'null', contentType: 'application/json', expected: schema('body') },
  { name: 'JSON array', body: [], expected: schema('body') },
  { name: 'JSON string', body: 'display_name', expected: schema('body') },
  { name: 'text/plain body', rawBody: 'display_name=x', contentType: 'text/plain', expected: schema('body') },

  // Unknown properties, named by their path.
  { name: 'unknown top-level property', body: { zzz: 1 }, expected: schema('body contains unknown properties: zzz') },
  {
    name: 'unknown property next to valid ones',
    body: { display_name: 'Changed', zzz: 1 },
    expected: schema('body contains unknown properties: zzz'),
  },
  {
    name: 'unknown property in config',
    body: { config: { zzz: true } },
    expected: schema('body.config contains unknown properties: zzz'),
  },
  { name: 'id is not updatable', body: { id: unknownUuid() }, expected: schema('body contains unknown properties: id') },
  {
    name: 'legacy_global_jwt_signing true',
    body: { config: { legacy_global_jwt_signing: true } },
    expected: schema('body.config contains unknown properties: legacy_global_jwt_signing'),
  },
  {
    name: 'unknown property in a domain',
    body: { config: { domains: [{ ...domain('https://x.example.com'), extra: 1 }] } },
    expected: schema('body.config.domains[0] contains unknown properties: extra'),
  },
  {
    name: 'unknown property in shared email config',
    body: { config: { email_config: { type: 'shared', host: 'smtp.example.com' } } },
    expected: schema('body.config.email_config contains unknown properties: host'),
  },
  {
    name: 'unknown property in an OAuth provider',
    body: withProviders({ id: 'spotify', type: 'shared', enabled: true, scope: 'x' }),
    expected: schema('body.config.oauth_providers[2] contains unknown properties: scope'),
  },
  {
    name: 'unknown property in a default permission',
    body: { config: { team_member_default_permissions: [{ id: 'member', name: 'x' }] } },
    expected: schema('body.config.team_member_default_permissions[0] contains unknown properties: name'),
  },

  // Wrong types.
  { name: 'display_name number', body: { display_name: 42 }, expected: schema('body.display_name') },
  { name: 'display_name empty', body: { display_name: '' }, expected: schema('body.display_name') },
  { name: 'display_name blank', body: { display_name: '   ' }, expected: schema('body.display_name') },
  { name: 'description number', body: { description: 5 }, expected: schema('body.description') },
  { name: 'is_production_mode string', body: { is_production_mode: 'true' }, expected: schema('body.is_production_mode') },
  { name: 'config string', body: { config: 'x' }, expected: schema('body.config') },
  { name: 'config null', body: { config: null }, expected: schema('body.config') },
  { name: 'sign_up_enabled number', body: { config: { sign_up_enabled: 1 } }, expected: schema('body.config.sign_up_enabled') },
  { name: 'allow_localhost null', body: { config: { allow_localhost: null } }, expected: schema('body.config.allow_localhost') },
  { name: 'domains object', body: { config: { domains: {} } }, expected: schema('body.config.domains') },
  {
    name: 'domains of strings',
    body: { config: { domains: ['https://x.example.com'] } },
    expected: schema('body.config.domains[0]'),
  },
  {
    name: 'OAuth provider enabled as string',
    body: withProviders({ id: 'spotify', type: 'shared', enabled: 'yes' }),
    expected: schema('body.config.oauth_providers[2].enabled'),
  },
  {
    name: 'OAuth providers not an array',
    body: { config: { oauth_providers: { id: 'github' } } },
    expected: schema('body.config.oauth_providers'),
  },
  {
    name: 'email port as string',
    body: {
      config: {
        email_config: {
          type: 'standard',
          host: 'h',
          port: '587',
          username: 'u',
          password: 'p',
          sender_name: 'n',
          sender_email: 'a@example.com',
        },
      },
    },
    expected: schema('body.config.email_config.port'),
  },
  {
    name: 'email port out of range',
    body: {
      config: {
        email_config: {
          type: 'standard',
          host: 'h',
          port: 70000,
          username: 'u',
          password: 'p',
          sender_name: 'n',
          sender_email: 'a@example.com',
        },
      },
    },
    expected: schema('body.config.email_config.port'),
  },
  {
    name: 'email port fractional',
    body: {
      config: {
        email_config: {
          type: 'standard',
          host: 'h',
          port: 58.7,
          username: 'u',
          password: 'p',
          sender_name: 'n',
          sender_email: 'a@example.com',
        },
      },
    },
    expected: schema('body.config.email_config.port'),
  },
  {
    name: 'permission id number',
    body: { config: { team_member_default_permissions: [{ id: 5 }] } },
    expected: schema('body.config.team_member_default_permissions[0].id'),
  },

  // Permission ids.
  ...(['Member', 'has space', 'dash-id', '$Update_team', '$$read_members', 'é', ''] as const).map((id) => ({
    name: `member default permission id ${JSON.stringify(id)}`,
    body: { config: { team_member_default_permissions: [{ id }] } },
    expected: schema('body.config.team_member_default_permissions[0].id', PERMISSION_ID_MESSAGE),
  })),
  {
    name: 'creator default permission id with uppercase',
    body: { config: { team_creator_default_permissions: [{ id: 'admin' }, { id: 'ADMIN' }] } },
    expected: schema('body.config.team_creator_default_permissions[1].id', PERMISSION_ID_MESSAGE),
  },
  ...(['$not_system', '$admin', '$read_member'] as const).map((id) => ({
    name: `unknown system permission ${id}`,
    body: { config: { team_member_default_permissions: [{ id }] } },
    expected: schema('body.config.team_member_default_permissions[0].id', 'Invalid system permission'),
  })),
  {
    name: 'valid but undefined member default permission',
    body: { config: { team_member_default_permissions: [{ id: 'member' }, { id: 'not_defined' }] } },
    expected: text('Invalid team default permission ids'),
  },
  {
    name: 'valid but undefined creator default permission',
    body: { config: { team_creator_default_permissions: [{ id: 'billing:read' }] } },
    expected: text('Invalid team default permission ids'),
  },

  // Domains.
  ...(['http://example.com', 'example.com', 'ftp://example.com', 'HTTPS://example.com', ' https://example.com'] as const).map(
    (d) => ({
      name: `domain ${JSON.stringify(d)}`,
      body: { config: { domains: [domain(d)] } },
      expected: schema('body.config.domains[0].domain', 'Domain must start with https://'),
    }),
  ),
  {
    name: 'second domain not https',
    body: { config: { domains: [domain('https://ok.example.com'), domain('http://bad.example.com')] } },
    expected: schema('body.config.domains[1].domain', 'Domain must start with https://'),
  },
  {
    name: 'domain https:// only',
    body: { config: { domains: [domain('https://')] } },
    expected: schema('body.config.domains[0].domain'),
  },
  ...(['handler', '', 'https://x.example.com/handler'] as const).map((handlerPath) => ({
    name: `handler path ${JSON.stringify(handlerPath)}`,
    body: { config: { domains: [domain('https://x.example.com', handlerPath)] } },
    expected: schema('body.config.domains[0].handler_path', 'Handler path must start with /'),
  })),
  {
    name: 'domain without handler path',
    body: { config: { domains: [{ domain: 'https://x.example.com' }] } },
    expected: schema('body.config.domains[0].handler_path'),
  },
  {
    name: 'duplicated domain',
    body: {
      config: {
        domains: [
          domain('https://dup.example.com'),
          domain('https://other.example.com'),
          domain('https://dup.example.com', '/else'),
        ],
      },
    },
    expected: text('Duplicated domain found'),
  },

  // OAuth providers.
  ...(['facebook', 'discord', 'gitlab', 'bitbucket', 'myspace'] as const).map((id) => ({
    name: `shared ${id}`,
    body: withProviders({ id, type: 'shared', enabled: true }),
    expected: { kind: 'known', status: 400, code: 'INVALID_SHARED_OAUTH_PROVIDER_ID', details: { provider_id: id } } as Expected,
  })),
  ...(['bitbucket', 'myspace', 'GOOGLE'] as const).map((id) => ({
    name: `standard ${id}`,
    body: withProviders({ id, type: 'standard', enabled: true, client_id: 'c', client_secret: 's' }),
    expected: {
      kind: 'known',
      status: 400,
      code: 'INVALID_STANDARD_OAUTH_PROVIDER_ID',
      details: { provider_id: id },
    } as Expected,
  })),
  {
    name: 'standard enabled without client_id',
    body: withProviders({ id: 'discord', type: 'standard', enabled: true, client_secret: 's' }),
    expected: { kind: 'known', status: 400, code: 'SCHEMA_ERROR' },
  },
  {
    name: 'standard enabled with empty client_secret',
    body: withProviders({ id: 'gitlab', type: 'standard', enabled: true, client_id: 'c', client_secret: '' }),
    expected: { kind: 'known', status: 400, code: 'SCHEMA_ERROR' },
  },
  {
    name: 'existing standard provider enabled without credentials',
    body: { config: { oauth_providers: [{ id: 'github', type: 'standard', enabled: true }, existingProviders[1]] } },
    expected: { kind: 'known', status: 400, code: 'SCHEMA_ERROR' },
  },
  {
    name: 'provider type custom',
    body: withProviders({ id: 'spotify', type: 'custom', enabled: true }),
    expected: schema('body.config.oauth_providers[2].type'),
  },
  {
    name: 'provider without enabled',
    body: withProviders({ id: 'spotify', type: 'shared' }),
    expected: schema('body.config.oauth_providers[2].enabled'),
  },
  {
    name: 'the same provider listed twice',
    body: withProviders({ id: 'github', type: 'shared', enabled: false }),
    expected: { kind: 'known', status: 400, code: 'SCHEMA_ERROR' },
  },
  {
    name: 'dropping an existing provider (google)',
    body: { config: { oauth_providers: [existingProviders[0]] } },
    expected: text("Provider with id 'google' not found in the update"),
  },
  {
    name: 'dropping an existing provider (github) while adding another',
    body: { config: { oauth_providers: [existingProviders[1], { id: 'spotify', type: 'shared', enabled: true }] } },
    expected: text("Provider with id 'github' not found in the update"),
  },

  // Email config.
  {
    name: 'standard email config missing fields',
    body: { config: { email_config: { type: 'standard', host: 'smtp.example.com' } } },
    expected: schema('body.config.email_config.port'),
  },
  {
    name: 'standard email config with empty host',
    body: {
      config: {
        email_config: {
          type: 'standard',
          host: '',
          port: 25,
          username: 'u',
          password: 'p',
          sender_name: 'n',
          sender_email: 'a@example.com',
        },
      },
    },
    expected: schema('body.config.email_config.host must not be empty'),
  },
  {
    name: 'standard email config with invalid sender email',
    body: {
      config: {
        email_config: {
          type: 'standard',
          host: 'h',
          port: 25,
          username: 'u',
          password: 'p',
          sender_name: 'n',
          sender_email: 'not-an-email',
        },
      },
    },
    expected: schema('body.config.email_config.sender_email'),
  },
  {
    name: 'email config type smtp',
    body: { config: { email_config: { type: 'smtp' } } },
    expected: schema('body.config.email_config'),
  },
  { name: 'email config without type', body: { config: { email_config: {} } }, expected: schema('body.config.email_config') },

  // All or nothing: valid changes in a refused request are not applied.
  {
    name: 'valid changes plus an undefined default permission',
    body: {
      display_name: 'Changed',
      description: 'changed',
      config: {
        sign_up_enabled: false,
        domains: [domain('https://new.example.com')],
        team_member_default_permissions: [{ id: 'nope' }],
      },
    },
    expected: text('Invalid team default permission ids'),
  },
  {
    name: 'valid changes plus a dropped provider',
    body: {
      display_name: 'Changed',
      config: { allow_localhost: false, domains: [domain('https://new.example.com')], oauth_providers: [existingProviders[0]] },
    },
    expected: text("Provider with id 'google' not found in the update"),
  },
  {
    name: 'valid changes plus a duplicated domain',
    body: {
      display_name: 'Changed',
      config: {
        magic_link_enabled: false,
        email_config: { type: 'shared' },
        domains: [domain('https://d.example.com'), domain('https://d.example.com')],
      },
    },
    expected: text('Duplicated domain found'),
  },
  {
    name: 'valid changes plus an invalid shared provider',
    body: {
      description: 'changed',
      config: {
        team_creator_default_permissions: [{ id: 'member' }],
        oauth_providers: [...existingProviders, { id: 'facebook', type: 'shared', enabled: true }],
      },
    },
    expected: { kind: 'known', status: 400, code: 'INVALID_SHARED_OAUTH_PROVIDER_ID', details: { provider_id: 'facebook' } },
  },
  {
    name: 'valid changes plus a schema error',
    body: { display_name: 'Changed', config: { passkey_enabled: true, domains: [domain('http://insecure.example.com')] } },
    expected: schema('body.config.domains[0].domain', 'Domain must start with https://'),
  },
  {
    name: 'production mode while localhost is allowed, with other changes',
    body: { display_name: 'Changed', is_production_mode: true, config: { client_team_creation_enabled: true } },
    expected: { kind: 'known', status: 400, code: 'SCHEMA_ERROR' },
  },
];

describe('refused PATCH /projects/current leaves the project unchanged', () => {
  test.each(patchRows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const before = await adminView(t, target);
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: as(target, 'admin'),
      body: row.body,
      rawBody: row.rawBody,
      contentType: row.contentType,
    });
    checkExpected(res, row.expected);
    expect(await adminView(t, target)).toEqual(before);
    await expectStillServing(t, target);
  });
});

describe('body size limit (1 MB)', () => {
  test('a ~900 KB body is parsed and applied', async () => {
    const description = 'd'.repeat(900_000);
    const res = await call(t, 'PATCH', '/projects/current', { headers: as(target, 'admin'), body: { description } });
    expect(res.status).toBe(200);
    expect(res.json.description).toBe(description);
    const restored = await call(t, 'PATCH', '/projects/current', {
      headers: as(target, 'admin'),
      body: { description: 'configured before the bad input' },
    });
    expect(restored.status).toBe(200);
  });

  test('a ~900 KB body with a schema problem fails on the schema, not on size', async () => {
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: as(target, 'admin'),
      body: { description: 'd'.repeat(900_000), zzz: true },
    });
    expectSchemaError(res, 'body contains unknown properties: zzz');
  });

  const tooLarge = () => JSON.stringify({ description: 'x'.repeat(1_500_000) });

  test('a 1.5 MB JSON body → BODY_PARSING_ERROR naming the limit, nothing changed', async () => {
    const before = await adminView(t, target);
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: as(target, 'admin'),
      rawBody: tooLarge(),
      contentType: 'application/json',
    });
    expectKnownError(res, 400, 'BODY_PARSING_ERROR');
    expect(res.json.error).toMatch(/1 ?MB|1048576|1,048,576/);
    expect(res.json.details).toEqual({ message: res.json.error });
    expect(await adminView(t, target)).toEqual(before);
    await expectStillServing(t, target);
  });

  test('a 1.5 MB body sent without Content-Length (chunked) is refused the same way', async () => {
    const before = await adminView(t, target);
    const bytes = new TextEncoder().encode(tooLarge());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: as(target, 'admin'),
      rawBody: stream,
      contentType: 'application/json',
    });
    expectKnownError(res, 400, 'BODY_PARSING_ERROR');
    expect(res.json.error).toMatch(/1 ?MB|1048576|1,048,576/);
    expect(await adminView(t, target)).toEqual(before);
    await expectStillServing(t, target);
  });

  // Far over the limit: still the wire's BODY_PARSING_ERROR (with CORS headers a browser can
  // read), not a bare transport-level refusal.
  test('a 3 MB JSON body → BODY_PARSING_ERROR as well, nothing changed', async () => {
    const before = await adminView(t, target);
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: as(target, 'admin'),
      rawBody: JSON.stringify({ description: 'x'.repeat(3_000_000) }),
      contentType: 'application/json',
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expectKnownError(res, 400, 'BODY_PARSING_ERROR');
    expect(res.json.error).toMatch(/1 ?MB|1048576|1,048,576/);
    expect(await adminView(t, target)).toEqual(before);
    await expectStillServing(t, target);
  });

  test('routes open to the public client key take at most 64 KB: a 100 KB sign-in body is refused, declared or chunked', async () => {
    const body = JSON.stringify({ email: 'someone@example.com', password: 'p'.repeat(100_000) });
    const declared = await call(t, 'POST', '/auth/password/sign-in', {
      headers: as(target, 'client'),
      rawBody: body,
      contentType: 'application/json',
    });
    expectKnownError(declared, 400, 'BODY_PARSING_ERROR');
    expect(declared.json.error).toBe('Request body is larger than the limit of 65536 bytes (64 KB).');
    const bytes = new TextEncoder().encode(body);
    const chunked = await call(t, 'POST', '/auth/otp/send-sign-in-code', {
      headers: as(target, 'client'),
      rawBody: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
          controller.close();
        },
      }),
      contentType: 'application/json',
    });
    expectKnownError(chunked, 400, 'BODY_PARSING_ERROR');
    expect(chunked.json.error).toBe('Request body is larger than the limit of 65536 bytes (64 KB).');
    // Under the bound the route answers as usual.
    const small = await signInCall(t, target, 'someone@example.com', 'p'.repeat(60_000));
    expect(small.json?.code).not.toBe('BODY_PARSING_ERROR');
    await expectStillServing(t, target);
  });

  test('a too-large body is refused before authentication', async () => {
    const res = await call(t, 'POST', '/check-feature-support', {
      headers: { 'x-stack-access-type': 'bogus' },
      rawBody: tooLarge(),
      contentType: 'application/json',
    });
    expectKnownError(res, 400, 'BODY_PARSING_ERROR');
  });
});

describe('bad query parameters (unknown query parameters are refused on CRUD endpoints, as Stack does)', () => {
  const rows: { name: string; method: string; path: () => string; level: 'client' | 'admin'; body?: unknown }[] = [
    { name: 'GET /projects/current?foo=bar (client)', method: 'GET', path: () => '/projects/current?foo=bar', level: 'client' },
    {
      name: 'GET /projects/current?include=secrets (admin)',
      method: 'GET',
      path: () => '/projects/current?include=secrets',
      level: 'admin',
    },
    { name: 'GET /internal/api-keys?limit=10', method: 'GET', path: () => '/internal/api-keys?limit=10', level: 'admin' },
    {
      name: 'GET /internal/api-keys/:id?x=1',
      method: 'GET',
      path: () => `/internal/api-keys/${target.keys.id}?x=1`,
      level: 'admin',
    },
    {
      name: 'PATCH /projects/current?description=x with a valid body',
      method: 'PATCH',
      path: () => '/projects/current?description=x',
      level: 'admin',
      body: { description: 'changed through a request with a bad query' },
    },
  ];
  test.each(rows.map((row) => [row.name, row] as const))('%s → SCHEMA_ERROR', async (_name, row) => {
    const before = await adminView(t, target);
    const res = await call(t, row.method, row.path(), { headers: as(target, row.level), body: row.body });
    expectSchemaError(res, 'query');
    expect(await adminView(t, target)).toEqual(before);
    await expectStillServing(t, target);
  });
});

describe('bad input on /internal/api-keys leaves key sets unchanged', () => {
  const validCreate = {
    description: 'bad input',
    expires_at_millis: Date.now() + 3_600_000,
    has_publishable_client_key: true,
    has_secret_server_key: true,
    has_super_secret_admin_key: false,
  };
  /** A create that is valid but for `change`, refused with a message naming `fragment`. */
  const createWith = (what: string, change: Record<string, unknown>, fragment: string) => ({
    name: `POST ${what}`,
    method: 'POST',
    path: () => '/internal/api-keys',
    body: { ...validCreate, ...change },
    fragments: [fragment],
  });
  const rows: {
    name: string;
    method: string;
    path: () => string;
    body?: unknown;
    rawBody?: string;
    contentType?: string;
    fragments: string[];
    code?: string;
  }[] = [
    { name: 'POST without body', method: 'POST', path: () => '/internal/api-keys', fragments: ['body'] },
    { name: 'POST {}', method: 'POST', path: () => '/internal/api-keys', body: {}, fragments: ['body.description'] },
    createWith('missing a has_* flag', { has_super_secret_admin_key: undefined }, 'body.has_super_secret_admin_key'),
    createWith(
      'with an imported key',
      { publishable_client_key: 'pck_chosen_by_the_caller_00000000' },
      'body contains unknown properties: publishable_client_key',
    ),
    createWith('expires_at_millis as string', { expires_at_millis: '123' }, 'body.expires_at_millis'),
    createWith('has_secret_server_key as string', { has_secret_server_key: 'true' }, 'body.has_secret_server_key'),
    createWith('description as number', { description: 7 }, 'body.description'),
    {
      name: 'POST malformed JSON',
      method: 'POST',
      path: () => '/internal/api-keys',
      rawBody: '{"description":',
      contentType: 'application/json',
      fragments: [],
      code: 'BODY_PARSING_ERROR',
    },
    { name: 'GET non-UUID id', method: 'GET', path: () => '/internal/api-keys/not-a-uuid', fragments: ['api_key_id'] },
    { name: 'GET numeric id', method: 'GET', path: () => '/internal/api-keys/12345', fragments: ['api_key_id'] },
    {
      name: 'PATCH non-UUID id',
      method: 'PATCH',
      path: () => '/internal/api-keys/not-a-uuid',
      body: { revoked: true },
      fragments: ['api_key_id'],
    },
    // A revoke sends revoked: true; any other value is refused naming the field.
    ...[false, 'true', null].map((revoked) => ({
      name: `PATCH revoked ${JSON.stringify(revoked)}`,
      method: 'PATCH',
      path: () => `/internal/api-keys/${target.keys.id}`,
      body: { revoked },
      fragments: ['body.revoked'],
    })),
    {
      name: 'PATCH unknown property with a valid revoke',
      method: 'PATCH',
      path: () => `/internal/api-keys/${target.keys.id}`,
      body: { revoked: true, expires_at_millis: 0 },
      fragments: ['body contains unknown properties: expires_at_millis'],
    },
    {
      name: 'PATCH description as number',
      method: 'PATCH',
      path: () => `/internal/api-keys/${target.keys.id}`,
      body: { description: 1 },
      fragments: ['body.description'],
    },
  ];
  test.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const list = () => call(t, 'GET', '/internal/api-keys', { headers: as(target, 'admin') });
    const before = await list();
    expect(before.status).toBe(200);
    const res = await call(t, row.method, row.path(), {
      headers: as(target, 'admin'),
      body: row.body,
      rawBody: row.rawBody,
      contentType: row.contentType,
    });
    if (row.code) expectKnownError(res, 400, row.code);
    else expectSchemaError(res, ...row.fragments);
    expect((await list()).json).toEqual(before.json);
    await expectStillServing(t, target);
  });
});
