// Each route's metadata agrees with its code, read from the sources by the static call graph of
// scripts/route-call-graph.ts: the access level the route catalogue documents is the one the
// handler asks requireAccess for, and the OpenAPI document lists every known error the handler
// and the core functions it calls can raise (through route-errors.generated.ts, which must be
// what the sources give today).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { analyseRoutes, type RouteFacts } from '../../scripts/route-call-graph';
import { renderRouteErrors, routeErrorsPath } from '../../scripts/generate-route-errors';
import { createApiApp } from '../../server/http/api-routes';
import { buildOpenApiDocument, openApiPath, routeKey } from '../../server/http/openapi/openapi-document';
import { routeCatalogue } from '../../server/http/openapi/route-catalogue';
import { startTestInstance, type TestInstance } from '../support/instance';

let t: TestInstance;
let facts: RouteFacts[];

beforeAll(async () => {
  t = await startTestInstance();
  facts = analyseRoutes();
}, 120_000);
afterAll(() => t.stop());

/** The known-error codes an operation of the document names, over all its statuses. */
function documentedErrors(doc: any, key: string): Set<string> {
  const [method, path] = key.split(' ') as [string, string];
  const operation = doc.paths[openApiPath(path)][method.toLowerCase()];
  const codes = new Set<string>();
  for (const response of Object.values<any>(operation.responses)) {
    const listed = /Known errors[^:]*: ([A-Z_, ]+)\./.exec(response.description)?.[1]?.split(', ') ?? [];
    for (const code of listed) codes.add(code);
  }
  return codes;
}

const accessRank = ['none', 'client', 'server', 'admin'];

describe('route metadata', () => {
  test('the call graph finds the handler of every registered route', () => {
    const registered = createApiApp(t.ctx).routes.map(routeKey).sort();
    expect(facts.map((route) => route.key).sort()).toEqual(registered);
  });

  test('follows calls into core: POST /users can raise what creating an account raises', () => {
    const createUser = facts.find((route) => route.key === 'POST /users')!;
    for (const code of ['USER_EMAIL_ALREADY_EXISTS', 'PASSWORD_REQUIREMENTS_NOT_MET', 'PASSWORD_TOO_SHORT'] as const) {
      expect(createUser.errors).toContain(code);
    }
    // Codes a handler passes on to the function that raises them count too.
    expect(facts.find((route) => route.key === 'GET /users/me')!.errors).toContain('CANNOT_GET_OWN_USER_WITHOUT_USER');
  });

  test('route-errors.generated.ts is what the sources give (else: npm run routes:generate)', () => {
    expect(readFileSync(routeErrorsPath, 'utf8')).toBe(renderRouteErrors(facts));
  });

  test("each operation's error list has every known error its handler can raise", () => {
    const doc = buildOpenApiDocument(createApiApp(t.ctx).routes, '0.0.0');
    const missing: string[] = [];
    for (const route of facts) {
      // Those endpoints answer in Svix's or OAuth's error format; their catalogue entries say how.
      if (routeCatalogue[route.key]!.ownErrorFormat) continue;
      const documented = documentedErrors(doc, route.key);
      for (const code of route.errors) if (!documented.has(code)) missing.push(`${route.key} (${route.place}): ${code}`);
    }
    expect(missing).toEqual([]);
    expect(documentedErrors(doc, 'POST /users')).toContain('USER_EMAIL_ALREADY_EXISTS');
  });

  test('the catalogue documents the access level each handler asks for', () => {
    const disagreeing: string[] = [];
    for (const route of facts) {
      const entry = routeCatalogue[route.key]!;
      const asked = route.access.length === 0 ? 'none' : route.access.reduce((a, b) => (accessRank.indexOf(a) < accessRank.indexOf(b) ? a : b));
      // The Svix API is documented by its Bearer token; the admin key it also takes is that of
      // authd's own /webhooks management API, documented there.
      const documented = entry.ownErrorFormat === 'svix' ? 'admin' : entry.access;
      if (asked !== documented) disagreeing.push(`${route.key} (${route.place}): handler ${asked}, catalogue ${entry.access}`);
    }
    expect(disagreeing).toEqual([]);
    expect(facts.find((route) => route.key === 'GET /users')!.access).toEqual(['server']);
  });
});
