// Error forms, override-error-status, CORS and the headers every API
// response carries.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from '../support/instance';
import { as, call, expectKnownError, expectTextError, unknownUuid } from '../support/projects';
import { withProject } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject, scratch: BootstrappedProject;

withProject('Error scratch project', (started) => ({ t, demo, project: scratch } = started));

interface ErrorRow {
  name: string;
  method: string;
  path: string;
  headers?: () => Record<string, string>;
  body?: () => unknown;
  rawBody?: string;
  contentType?: string;
  status: number;
  /** A known-error code, or null for a plain-text status error. */
  code: string | null;
  /** Whether the known error carries `details` (some known errors carry no details key at all). */
  hasDetails?: boolean;
}

const errorRows: ErrorRow[] = [
  {
    name: 'ACCESS_TYPE_REQUIRED',
    method: 'GET',
    path: '/projects/current',
    status: 400,
    code: 'ACCESS_TYPE_REQUIRED',
    hasDetails: false,
  },
  {
    name: 'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
    method: 'GET',
    path: '/projects/current',
    headers: () => ({ 'x-stack-publishable-client-key': 'x' }),
    status: 400,
    code: 'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
    hasDetails: false,
  },
  {
    name: 'INVALID_ACCESS_TYPE',
    method: 'GET',
    path: '/projects/current',
    headers: () => ({ 'x-stack-access-type': 'nope' }),
    status: 400,
    code: 'INVALID_ACCESS_TYPE',
    hasDetails: true,
  },
  {
    name: 'ACCESS_TYPE_WITHOUT_PROJECT_ID',
    method: 'GET',
    path: '/projects/current',
    headers: () => ({ 'x-stack-access-type': 'client' }),
    status: 400,
    code: 'ACCESS_TYPE_WITHOUT_PROJECT_ID',
    hasDetails: true,
  },
  {
    name: 'CLIENT_AUTHENTICATION_REQUIRED',
    method: 'GET',
    path: '/projects/current',
    headers: () => ({ 'x-stack-access-type': 'client', 'x-stack-project-id': demo.projectId }),
    status: 401,
    code: 'CLIENT_AUTHENTICATION_REQUIRED',
    hasDetails: false,
  },
  {
    name: 'INVALID_SECRET_SERVER_KEY',
    method: 'GET',
    path: '/projects/current',
    headers: () => ({ ...as(demo, 'server'), 'x-stack-secret-server-key': 'nope' }),
    status: 401,
    code: 'INVALID_SECRET_SERVER_KEY',
    hasDetails: true,
  },
  {
    name: 'UNPARSABLE_ACCESS_TOKEN',
    method: 'GET',
    path: '/projects/current',
    headers: () => ({ ...as(demo, 'client'), 'x-stack-access-token': 'nope' }),
    status: 401,
    code: 'UNPARSABLE_ACCESS_TOKEN',
    hasDetails: false,
  },
  {
    name: 'INSUFFICIENT_ACCESS_TYPE',
    method: 'GET',
    path: '/internal/api-keys',
    headers: () => as(demo, 'client'),
    status: 401,
    code: 'INSUFFICIENT_ACCESS_TYPE',
    hasDetails: true,
  },
  {
    name: 'API_KEY_NOT_FOUND',
    method: 'GET',
    path: `/internal/api-keys/${unknownUuid()}`,
    headers: () => as(demo, 'admin'),
    status: 404,
    code: 'API_KEY_NOT_FOUND',
    hasDetails: false,
  },
  {
    name: 'SCHEMA_ERROR',
    method: 'PATCH',
    path: '/projects/current',
    headers: () => as(scratch, 'admin'),
    body: () => ({ unknown_field: true }),
    status: 400,
    code: 'SCHEMA_ERROR',
    hasDetails: true,
  },
  {
    name: 'BODY_PARSING_ERROR',
    method: 'POST',
    path: '/check-feature-support',
    rawBody: '{oops',
    contentType: 'application/json',
    status: 400,
    code: 'BODY_PARSING_ERROR',
    hasDetails: true,
  },
  {
    name: 'INVALID_SHARED_OAUTH_PROVIDER_ID',
    method: 'PATCH',
    path: '/projects/current',
    headers: () => as(scratch, 'admin'),
    body: () => ({ config: { oauth_providers: [{ id: 'facebook', type: 'shared', enabled: true }] } }),
    status: 400,
    code: 'INVALID_SHARED_OAUTH_PROVIDER_ID',
    hasDetails: true,
  },
  { name: 'text 404 (unknown path)', method: 'GET', path: '/no-such-endpoint', status: 404, code: null },
  { name: 'text 405 (unsupported method)', method: 'PROPFIND', path: '/projects/current', status: 405, code: null },
  {
    name: 'text 400 (duplicated domain)',
    method: 'PATCH',
    path: '/projects/current',
    headers: () => as(scratch, 'admin'),
    body: () => ({
      config: {
        domains: [
          { domain: 'https://dup.example.com', handler_path: '/handler' },
          { domain: 'https://dup.example.com', handler_path: '/other' },
        ],
      },
    }),
    status: 400,
    code: null,
  },
];

function send(row: ErrorRow, extraHeaders: Record<string, string> = {}): Promise<ApiResult> {
  return call(t, row.method, row.path, {
    headers: { ...row.headers?.(), ...extraHeaders },
    body: row.body?.(),
    rawBody: row.rawBody,
    contentType: row.contentType,
  });
}

function expectErrorForm(res: ApiResult, row: ErrorRow, status: number): void {
  if (row.code === null) {
    expectTextError(res, status);
    expect(res.text.length).toBeGreaterThan(0);
    return;
  }
  expectKnownError(res, status, row.code);
  if (row.hasDetails) expect(res.json.details).toBeObject();
  else expect('details' in res.json).toBe(false);
}

describe('error responses without override-error-status', () => {
  test.each(errorRows.map((row) => [row.name, row] as const))('%s: real status, wire error form', async (_name, row) => {
    const res = await send(row);
    expectErrorForm(res, row, row.status);
    expect(res.headers.get('x-stack-actual-status')).toBeNull();
  });
});

describe('error responses with x-stack-override-error-status', () => {
  test.each(errorRows.map((row) => [row.name, row] as const))('%s: 200 plus x-stack-actual-status', async (_name, row) => {
    const plain = await send(row);
    const overridden = await send(row, { 'x-stack-override-error-status': 'true' });
    expect(overridden.status).toBe(200);
    expect(overridden.headers.get('x-stack-actual-status')).toBe(String(row.status));
    // Body and the other headers stay as they were.
    expect(overridden.headers.get('content-type')).toBe(plain.headers.get('content-type'));
    expect(overridden.headers.get('x-stack-known-error')).toBe(plain.headers.get('x-stack-known-error'));
    if (row.code === null) expect(overridden.text).toBe(plain.text);
    else expect(overridden.json).toEqual(plain.json);
  });

  test('any value of the header counts (presence only)', async () => {
    for (const value of ['1', 'false', 'yes']) {
      const res = await call(t, 'GET', '/projects/current', { headers: { 'x-stack-override-error-status': value } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-stack-actual-status')).toBe('400');
      expect(res.headers.get('x-stack-known-error')).toBe('ACCESS_TYPE_REQUIRED');
      expect(res.json.code).toBe('ACCESS_TYPE_REQUIRED');
    }
  });

  const successRows: {
    name: string;
    method: string;
    path: string;
    headers?: () => Record<string, string>;
    body?: () => unknown;
  }[] = [
    { name: 'GET /projects/current (client)', method: 'GET', path: '/projects/current', headers: () => as(demo, 'client') },
    { name: 'GET /projects/current (admin)', method: 'GET', path: '/projects/current', headers: () => as(demo, 'admin') },
    { name: 'GET /internal/api-keys', method: 'GET', path: '/internal/api-keys', headers: () => as(demo, 'admin') },
    { name: 'GET /api/v1', method: 'GET', path: '/api/v1' },
    { name: 'POST /check-feature-support', method: 'POST', path: '/check-feature-support', body: () => ({ name: 'x' }) },
    {
      name: 'PATCH /projects/current',
      method: 'PATCH',
      path: '/projects/current',
      headers: () => as(scratch, 'admin'),
      body: () => ({ description: 'override test' }),
    },
  ];
  test.each(successRows.map((row) => [row.name, row] as const))('success unchanged: %s', async (_name, row) => {
    const plain = await call(t, row.method, row.path, { headers: row.headers?.(), body: row.body?.() });
    const overridden = await call(t, row.method, row.path, {
      headers: { ...row.headers?.(), 'x-stack-override-error-status': 'true' },
      body: row.body?.(),
    });
    expect(plain.status).toBe(200);
    expect(overridden.status).toBe(200);
    expect(overridden.headers.get('x-stack-actual-status')).toBeNull();
    expect(overridden.headers.get('x-stack-known-error')).toBeNull();
    expect(overridden.headers.get('content-type')).toBe(plain.headers.get('content-type'));
    expect(overridden.text).toBe(plain.text);
  });
});

const allowHeaders = [
  'content-type',
  'authorization',
  'x-stack-project-id',
  'x-stack-override-error-status',
  'x-stack-random-nonce',
  'x-stack-client-version',
  'x-stack-disable-artificial-development-delay',
  'x-stack-access-type',
  'x-stack-publishable-client-key',
  'x-stack-secret-server-key',
  'x-stack-super-secret-admin-key',
  'x-stack-admin-access-token',
  'x-stack-refresh-token',
  'x-stack-access-token',
  'baggage',
  'sentry-trace',
];

const headerList = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

describe('CORS', () => {
  const preflightPaths = ['/api/v1/projects/current', '/api/v1/internal/api-keys', '/api/v1/no-such-endpoint', '/api/v1'];
  test.each(preflightPaths)('OPTIONS preflight on %s', async (path) => {
    const res = await call(t, 'OPTIONS', path, {
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type, x-stack-project-id, x-stack-access-type, x-stack-override-error-status',
      },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(headerList(res.headers.get('access-control-allow-methods')).sort()).toEqual(
      ['get', 'post', 'put', 'patch', 'delete', 'options'].sort(),
    );
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    const allowed = headerList(res.headers.get('access-control-allow-headers'));
    for (const header of allowHeaders) expect(allowed).toContain(header);
    const exposed = headerList(res.headers.get('access-control-expose-headers'));
    for (const header of ['content-type', 'x-stack-actual-status', 'x-stack-known-error']) expect(exposed).toContain(header);
  });

  test('OPTIONS preflight is not subject to authentication', async () => {
    const res = await call(t, 'OPTIONS', '/projects/current', {
      headers: { 'x-stack-access-type': 'bogus', 'x-stack-access-token': 'garbage' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stack-known-error')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  const everyResponse: { name: string; send: () => Promise<ApiResult> }[] = [
    { name: 'JSON success', send: () => call(t, 'GET', '/projects/current', { headers: as(demo, 'client') }) },
    { name: 'text success (API root)', send: () => call(t, 'GET', '/api/v1') },
    { name: 'text success (check-feature-support)', send: () => call(t, 'POST', '/check-feature-support', { body: {} }) },
    { name: 'known error', send: () => call(t, 'GET', '/projects/current') },
    {
      name: 'known error with override',
      send: () => call(t, 'GET', '/projects/current', { headers: { 'x-stack-override-error-status': 'true' } }),
    },
    { name: 'text 404', send: () => call(t, 'GET', '/no-such-endpoint') },
    { name: 'text 405', send: () => call(t, 'PROPFIND', '/projects/current') },
    {
      name: 'body parsing error',
      send: () => call(t, 'POST', '/check-feature-support', { rawBody: 'x', contentType: 'application/xml' }),
    },
    {
      name: 'body too large',
      send: () =>
        call(t, 'PATCH', '/projects/current', { headers: as(scratch, 'admin'), body: { description: 'x'.repeat(1_200_000) } }),
    },
  ];
  test.each(everyResponse.map((row) => [row.name, row] as const))('API response headers: %s', async (_name, row) => {
    const first = await row.send();
    const second = await row.send();
    for (const res of [first, second]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const exposed = headerList(res.headers.get('access-control-expose-headers'));
      expect(exposed).toContain('x-stack-actual-status');
      expect(exposed).toContain('x-stack-known-error');
      expect(res.headers.get('x-stack-request-id')).toBeTruthy();
      expect(res.headers.get('cache-control')).toContain('no-store');
    }
    // A request id identifies one request.
    expect(first.headers.get('x-stack-request-id')).not.toBe(second.headers.get('x-stack-request-id'));
  });
});

describe('content types and formatting', () => {
  test('JSON answers are application/json; charset=utf-8 and compact', async () => {
    const res = await call(t, 'GET', '/projects/current', { headers: as(demo, 'client') });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.text).toBe(JSON.stringify(res.json));
  });

  test('Accept: text/html gets 2-space indented JSON with the same content', async () => {
    const compact = await call(t, 'GET', '/projects/current', { headers: as(demo, 'client') });
    const pretty = await call(t, 'GET', '/projects/current', { headers: { ...as(demo, 'client'), accept: 'text/html' } });
    expect(pretty.status).toBe(200);
    expect(pretty.text).toBe(JSON.stringify(compact.json, null, 2));
  });

  test('indented known errors keep their header', async () => {
    const res = await call(t, 'GET', '/projects/current', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expectKnownError(res, 400, 'ACCESS_TYPE_REQUIRED');
    expect(res.text).toBe(JSON.stringify(res.json, null, 2));
  });

  test('text answers are text/plain; charset=utf-8', async () => {
    const res = await call(t, 'GET', '/api/v1');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});
