// GET /api/v1/openapi.json: every registered route is in it with its method, it has the shape
// OpenAPI 3.1 requires (and its schemas compile as JSON Schema 2020-12), and real requests and
// answers of the API, taken as the API tests make them, validate against it.
import { beforeAll, describe, expect, test } from 'bun:test';
import Ajv2020 from 'ajv/dist/2020';
import { createApiApp } from '../../server/http/api-routes';
import { catalogueMismatches, openApiPath, routeKey } from '../../server/http/openapi/openapi-document';
import { knownErrorCatalogue } from '../../server/protocol/known-errors';
import type { TestInstance } from '../support/instance';
import { as, call, uniqueEmail } from '../support/projects';
import { withInstance } from '../support/file-instance';

let t: TestInstance, doc: any;

withInstance(async (started) => {
  ({ t } = started);
  const res = await call(t, 'GET', '/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  doc = res.json;
});

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

/** Resolves `#/components/...` references within the document. */
function resolve(node: any): any {
  if (node && typeof node.$ref === 'string') {
    return node.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, part: string) => at?.[part], doc);
  }
  return node;
}

/** JSON Schema of the document with its component refs inlined, ready for Ajv. */
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
function compile(schema: any) {
  const text = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
  if (!compiled.has(text)) compiled.set(text, ajv.compile(JSON.parse(text)));
  return compiled.get(text)!;
}

beforeAll(() => {
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
});

function operation(method: string, path: string): any {
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${path} is not in the document`);
  return op;
}

/** A real exchange checked against the document: request body, status, media type and body. */
async function sample(method: string, templatePath: string, realPath: string, init: Parameters<typeof call>[3] = {}) {
  const op = operation(method, templatePath);
  if (init.body !== undefined) {
    const schema = op.requestBody?.content?.['application/json']?.schema;
    expect(schema).toBeDefined();
    const validate = compile(schema);
    if (!validate(init.body)) throw new Error(`${method} ${templatePath} request: ${ajv.errorsText(validate.errors)}`);
  }
  const res = await call(t, method, realPath, init);
  const documented = op.responses[String(res.status)];
  if (!documented) throw new Error(`${method} ${templatePath} answered ${res.status}, which the document does not list`);
  const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!;
  const content = documented.content?.[mediaType];
  if (!content) throw new Error(`${method} ${templatePath} ${res.status}: ${mediaType} is not documented`);
  if (mediaType === 'application/json') {
    const validate = compile(resolve(content.schema));
    if (!validate(res.json)) {
      throw new Error(
        `${method} ${templatePath} ${res.status} answer: ${ajv.errorsText(validate.errors)}\n${res.text.slice(0, 400)}`,
      );
    }
  }
  return res;
}

describe('the OpenAPI document', () => {
  test('lists every registered route with its method, and nothing else', () => {
    const routes = createApiApp(t.ctx).routes;
    expect(catalogueMismatches(routes)).toEqual({ undescribed: [], unrouted: [] });
    let operations = 0;
    for (const route of routes) {
      const path = openApiPath(routeKey(route).split(' ')[1]!);
      expect(doc.paths[path]?.[route.method.toLowerCase()], routeKey(route)).toBeObject();
      operations++;
    }
    const documented = Object.values(doc.paths).flatMap((item: any) => Object.keys(item));
    expect(documented).toHaveLength(operations);
    expect(operations).toBeGreaterThan(85);
  });

  test('has the shape OpenAPI 3.1 requires, and its schemas are valid JSON Schema 2020-12', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeString();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    const operationIds = new Set<string>();
    const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      expect(path).toStartWith('/');
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries<any>(item)) {
        expect(methods.has(method)).toBe(true);
        expect(operationIds.has(op.operationId)).toBe(false);
        operationIds.add(op.operationId);
        // Every path template variable is a required path parameter, and no other is declared.
        const pathParams = op.parameters.filter((p: any) => p.in === 'path');
        expect(pathParams.map((p: any) => p.name).sort()).toEqual(templated);
        for (const p of pathParams) expect(p.required).toBe(true);
        for (const p of op.parameters) {
          expect(['query', 'header', 'path', 'cookie']).toContain(p.in);
          compile(p.schema);
        }
        const statuses = Object.keys(op.responses);
        expect(statuses.length).toBeGreaterThan(1);
        for (const [status, response] of Object.entries<any>(op.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          expect(response.description).toBeString();
          for (const media of Object.values<any>(response.content ?? {})) compile(resolve(media.schema));
        }
        for (const media of Object.values<any>(op.requestBody?.content ?? {})) compile(media.schema);
        for (const requirement of op.security) {
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes[scheme]).toBeObject();
        }
      }
    }
    // Every $ref points at something that exists.
    for (const [, ref] of JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)) expect(resolve({ $ref: ref })).toBeObject();
  });

  test('gives each endpoint its access levels, headers and known errors', () => {
    const listUsers = operation('GET', '/users');
    expect(listUsers['x-authd-access']).toEqual(['server', 'admin']);
    expect(listUsers.security).toContainEqual({ projectId: [], accessType: [], secretServerKey: [] });
    expect(listUsers.security).not.toContainEqual({ projectId: [], accessType: [], publishableClientKey: [] });
    expect(listUsers.responses['401'].description).toContain('INSUFFICIENT_ACCESS_TYPE');
    expect(listUsers.parameters.map((p: any) => p.name)).toContain('query');

    const me = operation('GET', '/users/me');
    expect(me['x-authd-access']).toEqual(['client', 'server', 'admin']);
    expect(me.security[0]).toHaveProperty('accessToken');

    const signIn = operation('POST', '/auth/password/sign-in');
    expect(signIn.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(signIn.responses['400'].description).toContain('EMAIL_PASSWORD_MISMATCH');
    expect(signIn.responses['400'].description).toContain('SCHEMA_ERROR');
    expect(signIn.responses['400'].headers['X-Stack-Known-Error']).toBeObject();
    expect(signIn.responses['429'].content['text/plain']).toBeObject();

    // Each known error's status is the one the catalogue raises it with.
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const op of Object.values<any>(item)) {
        for (const [status, response] of Object.entries<any>(op.responses)) {
          const codes = /Known errors[^:]*: ([A-Z_, ]+)\./.exec(response.description)?.[1]?.split(', ') ?? [];
          for (const code of codes) {
            const entry = (knownErrorCatalogue as any)[code];
            expect(`${path} ${code} ${entry?.status}`).toBe(`${path} ${code} ${status}`);
          }
        }
      }
    }
  });

  test('sample requests and answers of the API validate against it', async () => {
    const demo = t.demo!;
    const email = uniqueEmail('openapi');
    const signUpBody = { email, password: 'correct horse battery', verification_callback_url: 'http://localhost:3000/verify' };
    const signedUp = await sample('POST', '/auth/password/sign-up', '/auth/password/sign-up', {
      headers: as(demo, 'client'),
      body: signUpBody,
    });
    expect(signedUp.status).toBe(200);
    const token = signedUp.json.access_token;

    const wrong = await sample('POST', '/auth/password/sign-in', '/auth/password/sign-in', {
      headers: as(demo, 'client'),
      body: { email, password: 'not the password' },
    });
    expect(wrong.json.code).toBe('EMAIL_PASSWORD_MISMATCH');
    expect(
      (
        await sample('POST', '/auth/password/sign-in', '/auth/password/sign-in', {
          headers: as(demo, 'client'),
          body: { email: 'not an email', password: 'x' },
        })
      ).json.code,
    ).toBe('SCHEMA_ERROR');

    expect((await sample('GET', '/users/me', '/users/me', { headers: as(demo, 'client', token) })).json.primary_email).toBe(
      email,
    );
    expect((await sample('GET', '/users/me', '/users/me', { headers: as(demo, 'server', token) })).json).toHaveProperty(
      'server_metadata',
    );
    expect((await sample('GET', '/users/me', '/users/me', { headers: as(demo, 'client') })).json.code).toBe(
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    const updated = await sample('PATCH', '/users/me', '/users/me', {
      headers: as(demo, 'client', token),
      body: { display_name: 'Open API', client_metadata: { theme: 'dark' } },
    });
    expect(updated.json.display_name).toBe('Open API');

    const list = await sample('GET', '/users', `/users?query=${encodeURIComponent(email)}`, { headers: as(demo, 'server') });
    expect(list.json.items).toHaveLength(1);
    expect((await sample('GET', '/users', '/users', { headers: as(demo, 'client') })).json.code).toBe('INSUFFICIENT_ACCESS_TYPE');
    const userId = list.json.items[0].id;
    await sample('GET', '/users/{user_id}', `/users/${userId}`, { headers: as(demo, 'server') });
    expect(
      (await sample('GET', '/users/{user_id}', `/users/${crypto.randomUUID()}`, { headers: as(demo, 'server') })).json.code,
    ).toBe('USER_NOT_FOUND');
    const created = await sample('POST', '/users', '/users', {
      headers: as(demo, 'server'),
      body: { primary_email: uniqueEmail('made'), primary_email_auth_enabled: true, server_metadata: { plan: 'pro' } },
    });
    expect(created.status).toBe(201);

    const team = await sample('POST', '/teams', '/teams', {
      headers: as(demo, 'server'),
      body: { display_name: 'Documented', creator_user_id: userId },
    });
    expect(team.status).toBe(201);
    await sample('GET', '/teams', `/teams?user_id=me`, { headers: as(demo, 'client', token) });
    await sample('GET', '/teams/{team_id}', `/teams/${team.json.id}`, { headers: as(demo, 'server') });
    await sample('GET', '/team-member-profiles', `/team-member-profiles?team_id=${team.json.id}`, {
      headers: as(demo, 'server'),
    });
    await sample('GET', '/team-permissions', `/team-permissions?team_id=${team.json.id}&user_id=${userId}`, {
      headers: as(demo, 'server'),
    });
    await sample('POST', '/team-permission-definitions', '/team-permission-definitions', {
      headers: as(demo, 'admin'),
      body: { id: 'read_reports', description: 'Read reports' },
    });
    await sample('GET', '/team-permission-definitions', '/team-permission-definitions', { headers: as(demo, 'admin') });

    await sample('GET', '/projects/current', '/projects/current', { headers: as(demo, 'client') });
    await sample('GET', '/projects/current', '/projects/current', { headers: as(demo, 'admin') });
    await sample('PATCH', '/projects/current', '/projects/current', {
      headers: as(demo, 'admin'),
      body: { config: { domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }] } },
    });
    await sample('GET', '/internal/api-keys', '/internal/api-keys', { headers: as(demo, 'admin') });
    const keys = await sample('POST', '/internal/api-keys', '/internal/api-keys', {
      headers: as(demo, 'admin'),
      body: {
        description: 'OpenAPI sample',
        expires_at_millis: Date.now() + 86_400_000,
        has_publishable_client_key: true,
        has_secret_server_key: false,
        has_super_secret_admin_key: false,
      },
    });
    await sample('PATCH', '/internal/api-keys/{api_key_id}', `/internal/api-keys/${keys.json.id}`, {
      headers: as(demo, 'admin'),
      body: { revoked: true },
    });
    await sample('GET', '/internal/metrics', '/internal/metrics', { headers: as(demo, 'admin') });
    await sample('GET', '/email-templates', '/email-templates', { headers: as(demo, 'admin') });
    await sample('GET', '/contact-channels', '/contact-channels?user_id=me', { headers: as(demo, 'client', token) });
    const endpoint = await sample('POST', '/webhooks/endpoints', '/webhooks/endpoints', {
      headers: as(demo, 'admin'),
      body: { url: 'http://127.0.0.1:9/hook' },
    });
    await sample('GET', '/webhooks/endpoints/{endpoint_id}/deliveries', `/webhooks/endpoints/${endpoint.json.id}/deliveries`, {
      headers: as(demo, 'admin'),
    });
    await sample('GET', '/projects/{project_id}/.well-known/jwks.json', `/projects/${demo.projectId}/.well-known/jwks.json`);
    await sample('POST', '/auth/sessions/current/refresh', '/auth/sessions/current/refresh', {
      headers: { ...as(demo, 'client'), 'x-stack-refresh-token': signedUp.json.refresh_token },
    });
    await sample('GET', '/', '/');
  });

  test('the docs page is served by authd itself and loads nothing from elsewhere', async () => {
    const res = await call(t, 'GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain("fetch('./openapi.json')");
    expect(res.text).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
  });
});
