// Endpoints and behaviour that belong to no resource: the API root, /health, unknown paths,
// unsupported methods, check-feature-support, and DELETE with or without a JSON body.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { projectExists } from '../../server/core/projects/projects';
import { callApi, projectHeaders, startTestInstance, type TestInstance } from '../support/instance';
import { as, call, expectKnownError, expectTextError, makeProject } from '../support/projects';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject;

withInstance((started) => ({ t, demo } = started));

describe('API root and health', () => {
  test.each(['/api/v1', '/api/v1/'])('GET %s answers 200 with a plain-text welcome', async (path) => {
    const res = await call(t, 'GET', path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text.length).toBeGreaterThan(0);
    expect(res.json).toBeUndefined();
  });

  test('GET /health answers 2xx without any header', async () => {
    const res = await call(t, 'GET', '/health');
    expect(res.status).toBe(200);
  });
});

describe('unknown API paths', () => {
  const rows: { name: string; method: string; path: string; headers?: () => Record<string, string>; body?: unknown }[] = [
    { name: 'GET unknown path, no headers', method: 'GET', path: '/api/v1/no-such-thing' },
    { name: 'GET nested unknown path', method: 'GET', path: '/api/v1/projects/current/nope' },
    { name: 'POST unknown path with JSON', method: 'POST', path: '/api/v1/nope', body: { a: 1 } },
    { name: 'DELETE unknown path', method: 'DELETE', path: '/api/v1/nope' },
    { name: 'GET unknown version', method: 'GET', path: '/api/v2/projects/current' },
    { name: 'GET unknown path with valid client auth', method: 'GET', path: '/api/v1/nope', headers: () => as(demo, 'client') },
    {
      name: 'GET unknown path with valid admin auth',
      method: 'GET',
      path: '/api/v1/users/me/nope',
      headers: () => as(demo, 'admin'),
    },
  ];
  test.each(rows.map((row) => [row.name, row] as const))('%s → 404 text/plain', async (_name, row) => {
    const res = await call(t, row.method, row.path, { headers: row.headers?.(), body: row.body });
    expectTextError(res, 404);
    expect(res.json).toBeUndefined();
  });

  test('bad auth on an unknown path gets the auth error first', async () => {
    const res = await call(t, 'GET', '/api/v1/no-such-thing', {
      headers: { ...as(demo, 'client'), 'x-stack-publishable-client-key': 'pck_wrong' },
    });
    expectKnownError(res, 401, 'INVALID_PUBLISHABLE_CLIENT_KEY', { project_id: demo.projectId });
  });

  test('a key without access type on an unknown path gets PROJECT_KEY_WITHOUT_ACCESS_TYPE', async () => {
    const res = await call(t, 'DELETE', '/api/v1/no-such-thing', { headers: { 'x-stack-secret-server-key': 'x' } });
    expectKnownError(res, 400, 'PROJECT_KEY_WITHOUT_ACCESS_TYPE');
  });

  // As in Stack, unknown /api/ paths also parse the body before their 404.
  test('malformed JSON on an unknown path gets BODY_PARSING_ERROR before the 404', async () => {
    const res = await call(t, 'POST', '/api/v1/no-such-thing', { rawBody: '{"a":', contentType: 'application/json' });
    expectKnownError(res, 400, 'BODY_PARSING_ERROR', { message: 'Invalid JSON in request body' });
  });

  test('non-API paths are 404 too', async () => {
    const res = await call(t, 'GET', '/definitely-not-here');
    expect(res.status).toBe(404);
  });
});

describe('unsupported methods', () => {
  // Methods Bun's HTTP stack passes through (it drops connections with made-up method names).
  const methods = ['PROPFIND', 'MKCOL', 'LOCK', 'TRACE', 'HEAD'];
  test.each(methods)('%s on an API path → 405', async (method) => {
    const res = await call(t, method, '/api/v1/projects/current', { headers: as(demo, 'admin') });
    expect(res.status).toBe(405);
    expect(res.headers.get('x-stack-known-error')).toBeNull();
    // fetch drops the bodies of HEAD and TRACE answers.
    if (method !== 'HEAD' && method !== 'TRACE') {
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.text.length).toBeGreaterThan(0);
    }
  });

  test('405 also on unknown API paths, before authentication', async () => {
    const res = await call(t, 'PROPFIND', '/api/v1/nope', { headers: { 'x-stack-access-type': 'bogus' } });
    expectTextError(res, 405);
  });

  test('the server still serves after unsupported methods', async () => {
    const res = await call(t, 'GET', '/projects/current', { headers: as(demo, 'server') });
    expect(res.status).toBe(200);
  });
});

describe('POST /check-feature-support', () => {
  const rows: { name: string; headers?: () => Record<string, string>; body?: unknown; rawBody?: string; contentType?: string }[] =
    [
      { name: 'no project headers, SDK body', body: { name: 'teams', extra: { a: 1 } } },
      { name: 'no project headers, empty object', body: {} },
      { name: 'no project headers, no body' },
      { name: 'client headers', headers: () => as(demo, 'client'), body: { name: 'x' } },
      { name: 'server headers', headers: () => as(demo, 'server'), body: { name: 'x' } },
      { name: 'admin headers', headers: () => as(demo, 'admin'), body: { name: 'x' } },
      { name: 'with override header', headers: () => ({ 'x-stack-override-error-status': 'true' }), body: { name: 'x' } },
    ];
  test.each(rows.map((row) => [row.name, row] as const))('%s → 200 text/plain', async (_name, row) => {
    const res = await call(t, 'POST', '/check-feature-support', {
      headers: row.headers?.(),
      body: row.body,
      rawBody: row.rawBody,
      contentType: row.contentType,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-stack-known-error')).toBeNull();
    expect(res.text.length).toBeGreaterThan(0);
  });
});

describe('DELETE /projects/current with and without a JSON body', () => {
  const rows: { name: string; body?: unknown; rawBody?: string; contentType?: string }[] = [
    { name: 'no body' },
    { name: 'JSON body {}', body: {} },
    { name: 'content-type JSON with an empty body', rawBody: '', contentType: 'application/json' },
  ];
  test.each(rows.map((row) => [row.name, row] as const))('%s → success, project gone', async (_name, row) => {
    const project = await makeProject(t, `Throwaway (${row.name})`);
    const before = await call(t, 'GET', '/projects/current', { headers: as(project, 'admin') });
    expect(before.status).toBe(200);

    const res = await call(t, 'DELETE', '/projects/current', {
      headers: as(project, 'admin'),
      body: row.body,
      rawBody: row.rawBody,
      contentType: row.contentType,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(await projectExists(t.ctx, project.projectId)).toBe(false);

    const after = await call(t, 'GET', '/projects/current', { headers: as(project, 'admin') });
    expectKnownError(after, 401, 'INVALID_SUPER_SECRET_ADMIN_KEY', { project_id: project.projectId });
    // Other projects are untouched.
    expect((await call(t, 'GET', '/projects/current', { headers: as(demo, 'client') })).status).toBe(200);
  });
});

describe('short Host headers (Elysia slices URLs assuming a longer host)', () => {
  test.each(['api', 'x', 'a.b'])('Host: %s still reaches /api/v1 routes', async (host) => {
    const inst = await startTestInstance();
    try {
      const res = await fetch(`${inst.url}/api/v1/projects/current`, {
        headers: { ...projectHeaders(inst.demo!, 'client'), host },
      });
      expect(res.status).toBe(200);
      expect((await res.json()).id).toBe(inst.demo!.projectId);
    } finally {
      await inst.stop();
    }
  });
});

describe('missing body fields', () => {
  test('are named as required in SCHEMA_ERROR', async () => {
    const inst = await startTestInstance();
    try {
      const res = await callApi(inst.url, 'POST', '/api/v1/auth/password/sign-in', {
        headers: projectHeaders(inst.demo!, 'client'),
        body: {},
      });
      expect(res.json.code).toBe('SCHEMA_ERROR');
      // Stack's wording for a missing field.
      expect(res.json.error).toContain('  - body.email must be defined');
      expect(res.json.error).toContain('  - body.password must be defined');
    } finally {
      await inst.stop();
    }
  });
});
