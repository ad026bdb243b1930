// Random requests against every route of the API, taken from the app's route table at run time
// (so a new route is fuzzed without editing anything), with fast-check.
// Shared by test/api/fuzz.test.ts (a few thousand cases) and scripts/fuzz.ts (100,000).
//
// Each case: a route with its path parameters filled by real ids, random UUIDs, random text or
// broken percent-escapes; random query strings; a body that is absent, random JSON, random text
// under a JSON content type, or random bytes under a random content type; and headers of any
// access level with right, wrong or missing keys and tokens. What must hold:
// - no 5xx, and an answer within 1 s;
// - an error is either a known error (JSON {code, error} with X-Stack-Known-Error naming the
//   code) or a plain-text status error without that header;
// - a request that fails leaves every row of the database as it was;
// - memory stays bounded over the run.
import * as fc from 'fast-check';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { createHash } from 'node:crypto';
import * as sqliteSchema from '../../db/schema';
import { createApiApp } from '../../server/http/api-routes';
import { flushDeferredSends } from '../../server/core/email/code-emails';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, makeProject, uniqueEmail } from './api-expectations';
import type { ApiResult, TestInstance } from './instance';

/** Tables that background work changes on its own schedule (delivery, activity), not requests. */
const tablesChangedInBackground = new Set(['email_messages', 'webhook_deliveries', 'webhook_delivery_attempts']);

/** A table of the schema, with the columns that order its rows. */
export interface SchemaTable {
  name: string;
  columns: string[];
  /** The primary key's columns (every column for a table without one). */
  orderBy: string[];
}

/**
 * Every table, from the drizzle schema rather than a database's catalogue: db/schema.ts and
 * db/pg/schema.ts declare the same tables and columns under the same names. What the schema does
 * not declare is not read: migration bookkeeping, and SQLite's full-text index of users, which is
 * made from the users rows.
 */
export const schemaTables: SchemaTable[] = (Object.values(sqliteSchema) as unknown[])
  .filter((value): value is SQLiteTable => is(value, SQLiteTable))
  .map((table) => {
    const config = getTableConfig(table);
    const columns = config.columns.map((column) => column.name);
    const primary = config.columns.filter((column) => column.primary).map((column) => column.name);
    const composite = config.primaryKeys[0]?.columns.map((column) => column.name) ?? [];
    return { name: config.name, columns, orderBy: primary.length ? primary : composite.length ? composite : columns };
  })
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

const quoted = (name: string) => `"${name}"`;

/**
 * A table's rows (those matching `where`, with `?` placeholders) in primary-key order, as text
 * that is the same for the same rows read again on the same database. Values are as the driver
 * gives them (PostgreSQL's bigints as text, flags as booleans): a checksum compares reads of one
 * dialect only.
 */
export async function tableRowsText(t: TestInstance, table: SchemaTable, where?: string, ...args: unknown[]): Promise<string> {
  const rows = await t.rows(
    `select ${table.columns.map(quoted).join(', ')} from ${quoted(table.name)}${where ? ` where ${where}` : ''} order by ${table.orderBy.map(quoted).join(', ')}`,
    ...args,
  );
  return rows
    .map((row) =>
      JSON.stringify(
        table.columns.map((column) => row[column]),
        (_key, value) => (value instanceof Uint8Array ? [...value] : typeof value === 'bigint' ? String(value) : value),
      ),
    )
    .join('\n');
}

/** Every row of every table but those background work changes, read in parallel, hashed in order. */
export async function databaseChecksum(t: TestInstance): Promise<string> {
  const tables = schemaTables.filter((table) => !tablesChangedInBackground.has(table.name));
  const texts = await Promise.all(tables.map((table) => tableRowsText(t, table)));
  const hash = createHash('sha256');
  tables.forEach((table, index) => hash.update(`${table.name}\n${texts[index]}\n`));
  return hash.digest('hex');
}

export interface FuzzWorld {
  project: BootstrappedProject;
  other: BootstrappedProject;
  userId: string;
  accessToken: string;
  teamId: string;
}

/** Two projects with a user (signed in) and a team, for path parameters and tokens that exist. */
export async function makeFuzzWorld(t: TestInstance): Promise<FuzzWorld> {
  const project = await makeProject(t, 'Fuzzed');
  const other = await makeProject(t, 'Fuzzed neighbour');
  const email = uniqueEmail('fuzz');
  const user = await call(t, 'POST', '/users', {
    headers: as(project, 'server'),
    body: { primary_email: email, primary_email_auth_enabled: true, password: 'fuzzed passphrase 1' },
  });
  if (user.status !== 201) throw new Error(`fuzz setup: ${user.text}`);
  const session = await call(t, 'POST', '/auth/sessions', {
    headers: as(project, 'server'),
    body: { user_id: user.json.id, expires_in_millis: 3_600_000 },
  });
  if (session.status !== 200) throw new Error(`fuzz setup: ${session.text}`);
  const team = await call(t, 'POST', '/teams', { headers: as(project, 'server'), body: { display_name: 'Fuzz team', creator_user_id: user.json.id } });
  if (team.status !== 201) throw new Error(`fuzz setup: ${team.text}`);
  return { project, other, userId: user.json.id, accessToken: session.json.access_token, teamId: team.json.id };
}

export interface ApiRoute {
  method: string;
  /** Without the /api/v1 prefix, parameters as ":name". */
  path: string;
}

export function apiRoutes(t: TestInstance): ApiRoute[] {
  return createApiApp(t.ctx).routes.map((route) => ({ method: route.method, path: route.path.replace(/^\/api\/v1/, '') }));
}

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
];

function requestArbitrary(routes: ApiRoute[], world: FuzzWorld) {
  const pathValue = fc.oneof(
    fc.constantFrom(world.userId, world.teamId, 'me', crypto.randomUUID(), '%E0%A4%A', '%', '..', 'github', 'google'),
    fc.uuid(),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
  );
  const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom('limit', 'cursor', 'user_id', 'team_id', 'query', 'desc', 'order_by', 'recursive', 'client_id', 'redirect_uri'), fc.string({ maxLength: 8 })), fc.string({ maxLength: 30 })), { maxLength: 4 });
  const body = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.jsonValue({ maxDepth: 6 }).map((value) => ({ kind: 'json' as const, text: JSON.stringify(value) ?? 'null' })),
    fc.dictionary(fc.constantFrom('email', 'password', 'display_name', 'primary_email', 'user_id', 'team_id', 'callback_url', 'code', 'client_metadata', 'config', 'id', 'value', 'type', 'scope'), fc.jsonValue({ maxDepth: 3 })).map((value) => ({ kind: 'json' as const, text: JSON.stringify(value) })),
    fc.string({ maxLength: 200 }).map((text) => ({ kind: 'text' as const, text })),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ kind: 'bytes' as const, bytes })),
  );
  const headers = fc.record({
    access: fc.constantFrom('client', 'server', 'admin', 'none', 'garbage', 'other-project'),
    rightKey: fc.boolean(),
    token: fc.constantFrom('none', 'valid', 'garbage'),
    contentType: fc.constantFrom(...contentTypes),
  });
  return fc.record({ route: fc.constantFrom(...routes), params: fc.array(pathValue, { minLength: 4, maxLength: 4 }), query, body, headers });
}

type FuzzRequest = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer R> ? R : never;

function buildHeaders(world: FuzzWorld, h: FuzzRequest['headers']): Record<string, string> {
  let headers: Record<string, string> = {};
  if (h.access === 'client' || h.access === 'server' || h.access === 'admin') {
    headers = as(world.project, h.access);
    if (!h.rightKey) for (const name of Object.keys(headers)) if (name.endsWith('-key')) headers[name] = `${headers[name]!.slice(0, 4)}wrong`;
  } else if (h.access === 'garbage') {
    headers = { 'x-stack-project-id': 'x'.repeat(5), 'x-stack-access-type': 'root' };
  } else if (h.access === 'other-project') {
    headers = { ...as(world.project, 'server'), 'x-stack-secret-server-key': world.other.keys.secret_server_key! };
  }
  if (h.token === 'valid') headers['x-stack-access-token'] = world.accessToken;
  if (h.token === 'garbage') headers['x-stack-access-token'] = 'eyJhbGciOiJub25lIn0.e30.';
  return headers;
}

/**
 * Routes that speak another protocol than Stack's and answer errors its way: the development
 * mock provider and the OAuth token endpoint as RFC 6749 JSON `{error}`, the unlock link a
 * browser opens as an HTML page.
 */
function otherProtocolError(routePath: string, contentType: string, res: ApiResult): boolean {
  // The OpenID Provider answers in OAuth's form too (RFC 6749 {error, error_description}), and
  // its authorization endpoint shows a page when it may not redirect.
  if (routePath.startsWith('/projects/:project_id/oidc/')) {
    const oauthError = contentType.startsWith('application/json') && typeof res.json?.error === 'string' && res.headers.get('x-stack-known-error') === null;
    return oauthError || contentType.startsWith('text/html');
  }
  if (routePath.startsWith('/dev-oauth/') || routePath === '/auth/oauth/token') {
    return contentType.startsWith('application/json') && typeof res.json?.error === 'string' && res.headers.get('x-stack-known-error') === null;
  }
  if (routePath.startsWith('/auth/unlock')) return contentType.startsWith('text/html');
  // The Svix-compatible API answers with Svix's {code, detail}.
  if (routePath.startsWith('/app/')) {
    return contentType.startsWith('application/json') && typeof res.json?.code === 'string' && typeof res.json?.detail === 'string';
  }
  return false;
}

export interface FuzzReport {
  cases: number;
  routesCovered: number;
  routes: number;
  statuses: Record<number, number>;
  slowestMillis: number;
  heapGrowthMb: number;
}

/** Runs `numRuns` random requests; throws (with fast-check's shrunk counterexample) on any violation. */
export async function fuzzApi(
  t: TestInstance,
  world: FuzzWorld,
  numRuns: number,
  seed?: number,
  /** fast-check's replay path of one failing case (with its seed). */
  path?: string,
): Promise<FuzzReport> {
  const routes = apiRoutes(t);
  const covered = new Set<string>();
  const statuses: Record<number, number> = {};
  let slowestMillis = 0;
  let checksum = await databaseChecksum(t);
  Bun.gc(true);
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeakGrowth = 0;
  let cases = 0;

  await fc.assert(
    fc.asyncProperty(requestArbitrary(routes, world), async (request) => {
      let index = 0;
      const path = request.route.path.replace(/:[a-z_]+/g, () => request.params[index++ % 4]!);
      const search = request.query.length ? `?${request.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '';
      const headers = buildHeaders(world, request.headers);
      const init: { headers: Record<string, string>; rawBody?: BodyInit; contentType?: string } = { headers };
      if (request.body.kind !== 'none' && request.route.method !== 'GET') {
        init.rawBody = request.body.kind === 'bytes' ? request.body.bytes : request.body.text;
        if (request.headers.contentType) init.contentType = request.headers.contentType;
      }
      const started = performance.now();
      const res: ApiResult = await call(t, request.route.method, `${path}${search}`, init);
      const millis = performance.now() - started;
      cases++;
      covered.add(`${request.route.method} ${request.route.path}`);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      slowestMillis = Math.max(slowestMillis, millis);
      const label = `${request.route.method} ${path}${search} → ${res.status} ${res.text.slice(0, 200)}`;
      if (res.status >= 500) throw new Error(`5xx: ${label}`);
      if (millis > 1000) throw new Error(`slower than 1 s (${Math.round(millis)} ms): ${label}`);
      if (res.status >= 400) {
        const knownCode = res.headers.get('x-stack-known-error');
        const contentType = res.headers.get('content-type') ?? '';
        if (knownCode !== null) {
          if (!(res.json && typeof res.json.code === 'string' && typeof res.json.error === 'string' && res.json.code === knownCode)) {
            throw new Error(`known error without {code, error} matching its header: ${label}`);
          }
        } else if (otherProtocolError(request.route.path, contentType, res)) {
          // Answered in that protocol's own error form.
        } else if (!contentType.startsWith('text/plain')) {
          throw new Error(`error that is neither a known error nor plain text (${contentType}): ${label}`);
        }
        const after = await databaseChecksum(t);
        if (after !== checksum) throw new Error(`a failed request changed the database: ${label}`);
      } else {
        // A success may leave work queued for after its answer (password reset).
        await flushDeferredSends(t.ctx);
        checksum = await databaseChecksum(t);
      }
      if (cases % 500 === 0) {
        Bun.gc(true);
        heapPeakGrowth = Math.max(heapPeakGrowth, process.memoryUsage().heapUsed - heapBefore);
        if (heapPeakGrowth > 200 * 1024 * 1024) throw new Error(`heap grew by ${Math.round(heapPeakGrowth / 1e6)} MB`);
      }
    }),
    { numRuns, seed, path, endOnFailure: true },
  );
  return {
    cases,
    routesCovered: covered.size,
    routes: routes.length,
    statuses,
    slowestMillis: Math.round(slowestMillis),
    heapGrowthMb: Math.round(heapPeakGrowth / 1e6),
  };
}
