// Builds the OpenAPI 3.1 description of /api/v1 from the live route table: methods, paths and
// request schemas come from the routes as registered (so nothing can be documented that is not
// served, or validated differently than documented), route-catalogue.ts adds who may call and
// what comes back, and route-errors.generated.ts which known errors each endpoint can answer.
import type * as v from 'valibot';
import { knownErrorCatalogue, type KnownErrorCode } from '../../protocol/known-errors';
import { declaredRouteSchema } from '../route-schemas';
import { routeCatalogue } from './route-catalogue';
import { derivedRouteErrors } from './route-errors.generated';
import type { RouteAccess, RouteDescription } from './route-description';
import { isOptionalEntry, toJsonSchema, type JsonSchema } from './valibot-json-schema';

export const apiPrefix = '/api/v1';

/** The part of an Elysia route the document reads. */
export interface RegisteredRoute {
  method: string;
  path: string;
  hooks?: { body?: unknown; query?: unknown; params?: unknown };
}

type Json = Record<string, unknown>;

/** `METHOD /path` under the API prefix, as the catalogue names routes. */
export function routeKey(route: RegisteredRoute): string {
  const path = route.path.startsWith(apiPrefix) ? route.path.slice(apiPrefix.length) || '/' : route.path;
  return `${route.method.toUpperCase()} ${path}`;
}

/** `/users/:user_id` → `/users/{user_id}`. */
export function openApiPath(routePath: string): string {
  return routePath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const accessOrder: RouteAccess[] = ['client', 'server', 'admin'];
const keyScheme = { client: 'publishableClientKey', server: 'secretServerKey', admin: 'superSecretAdminKey' } as const;

const securitySchemes: Json = {
  projectId: { type: 'apiKey', in: 'header', name: 'X-Stack-Project-Id', description: 'The project the call is for.' },
  accessType: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Stack-Access-Type',
    description: '`client`, `server` or `admin`: which key the call presents.',
  },
  publishableClientKey: { type: 'apiKey', in: 'header', name: 'X-Stack-Publishable-Client-Key' },
  secretServerKey: { type: 'apiKey', in: 'header', name: 'X-Stack-Secret-Server-Key' },
  superSecretAdminKey: { type: 'apiKey', in: 'header', name: 'X-Stack-Super-Secret-Admin-Key' },
  adminAccessToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Stack-Admin-Access-Token',
    description: "An internal-project admin's access token; admin access to the projects they own.",
  },
  accessToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Stack-Access-Token',
    description: 'The signed-in user (an access token from a sign-in or a refresh).',
  },
};

function isValibotSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

/** A route's declared schemas, unwrapped from the validation wrapper (route-schemas.ts). */
function routeSchemas(route: RegisteredRoute) {
  return {
    body: declaredRouteSchema(route.hooks?.body),
    query: declaredRouteSchema(route.hooks?.query),
    params: declaredRouteSchema(route.hooks?.params),
  };
}

function allowedLevels(access: RouteAccess): Array<'client' | 'server' | 'admin'> {
  if (access === 'none') return [];
  return accessOrder.slice(accessOrder.indexOf(access)) as Array<'client' | 'server' | 'admin'>;
}

function securityOf(description: RouteDescription): Json[] {
  const levels = allowedLevels(description.access);
  const user = description.signedInUser ? { accessToken: [] } : {};
  const requirements: Json[] = levels.map((level) => ({ projectId: [], accessType: [], [keyScheme[level]]: [], ...user }));
  if (levels.length > 0) requirements.push({ projectId: [], accessType: [], adminAccessToken: [], ...user });
  return requirements;
}

/** Errors every call with project headers can get, whatever the endpoint. */
function authenticationErrors(description: RouteDescription): KnownErrorCode[] {
  const levels = allowedLevels(description.access);
  if (levels.length === 0) return [];
  const codes: KnownErrorCode[] = [
    'ACCESS_TYPE_REQUIRED',
    'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
    'INVALID_ACCESS_TYPE',
    'ACCESS_TYPE_WITHOUT_PROJECT_ID',
    'UNPARSABLE_ADMIN_ACCESS_TOKEN',
    'ADMIN_ACCESS_TOKEN_EXPIRED',
    'INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN',
    'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    'UNPARSABLE_ACCESS_TOKEN',
    'ACCESS_TOKEN_EXPIRED',
    'INVALID_PROJECT_FOR_ACCESS_TOKEN',
  ];
  if (levels.includes('client')) codes.push('CLIENT_AUTHENTICATION_REQUIRED', 'INVALID_PUBLISHABLE_CLIENT_KEY');
  if (levels.includes('server')) codes.push('SERVER_AUTHENTICATION_REQUIRED', 'INVALID_SECRET_SERVER_KEY');
  codes.push('ADMIN_AUTHENTICATION_REQUIRED', 'INVALID_SUPER_SECRET_ADMIN_KEY');
  if (description.access !== 'client') codes.push('INSUFFICIENT_ACCESS_TYPE');
  return codes;
}

function knownErrorSchemaName(code: string): string {
  return `KnownError_${code}`;
}

function knownErrorComponents(): Json {
  const schemas: Json = {};
  for (const [code, entry] of Object.entries(knownErrorCatalogue)) {
    if (entry.abstract) continue;
    schemas[knownErrorSchemaName(code)] = {
      type: 'object',
      description: `Known error ${code} (HTTP ${entry.status}); its families: ${entry.parents.join(', ') || 'none'}.`,
      required: ['code', 'error'],
      properties: { code: { const: code }, error: { type: 'string' }, details: { type: 'object' } },
    };
  }
  return schemas;
}

function statusOf(code: KnownErrorCode): number {
  const entry = knownErrorCatalogue[code];
  if (entry.abstract) throw new Error(`${code} is an abstract known-error family; list its concrete codes`);
  return entry.status;
}

function jsonContent(schema: JsonSchema): Json {
  return { 'application/json': { schema } };
}

/** The entries of an object schema, also when it sits in a pipe (wireObject). */
function objectEntriesOf(schema: unknown): Record<string, v.GenericSchema> | undefined {
  if (!isValibotSchema(schema)) return undefined;
  if ('entries' in schema) return schema.entries as Record<string, v.GenericSchema>;
  const pipe = (schema as { pipe?: unknown[] }).pipe ?? [];
  for (const item of pipe.slice(1)) {
    const entries = objectEntriesOf(item);
    if (entries) return entries;
  }
  return undefined;
}

function parametersOf(schema: unknown, place: 'query' | 'path', pathNames: string[]): Json[] {
  const entries = objectEntriesOf(schema);
  if (place === 'path') {
    return pathNames.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: entries?.[name] ? toJsonSchema(entries[name]!) : { type: 'string' },
    }));
  }
  if (!entries) return [];
  return Object.entries(entries).map(([name, entry]) => ({
    name,
    in: 'query',
    required: !isOptionalEntry(entry),
    schema: toJsonSchema(entry),
  }));
}

function requestBodyOf(route: RegisteredRoute, description: RouteDescription): Json | undefined {
  const mediaType = description.bodyMediaType ?? 'application/json';
  let schema: JsonSchema | undefined;
  if (description.bodyByAccess) {
    schema = {
      anyOf: [
        { title: 'client access', ...toJsonSchema(description.bodyByAccess.client) },
        { title: 'server and admin access', ...toJsonSchema(description.bodyByAccess.server) },
      ],
    };
  } else if (mediaType === 'application/octet-stream') {
    schema = { type: 'string', format: 'binary' };
  } else if (description.body) {
    schema = toJsonSchema(description.body);
  } else if (routeSchemas(route).body) {
    schema = toJsonSchema(routeSchemas(route).body!);
  } else if (description.bodyMediaType) {
    schema = { type: 'object' };
  }
  if (!schema) return undefined;
  return { required: true, content: { [mediaType]: { schema } } };
}

function successResponseOf(description: RouteDescription): [string, Json] {
  const { response } = description;
  const status = String(response.status ?? 200);
  if (response.redirect) {
    return [status, { description: `Redirects to ${response.redirect}.`, headers: { Location: { schema: { type: 'string' } } } }];
  }
  const mediaType = response.mediaType ?? 'application/json';
  if (mediaType !== 'application/json') {
    const types = Array.isArray(mediaType) ? mediaType : [mediaType];
    return [status, { description: 'Success.', content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])) }];
  }
  let schema: JsonSchema = response.schema ? toJsonSchema(response.schema) : { type: 'object' };
  if (response.clientSchema) {
    schema = {
      anyOf: [
        { title: 'server and admin access', ...schema },
        { title: 'client access', ...toJsonSchema(response.clientSchema) },
      ],
    };
  }
  return [status, { description: 'Success.', content: jsonContent(schema) }];
}

function errorResponsesOf(route: RegisteredRoute, description: RouteDescription): Json {
  const codes = new Set<KnownErrorCode>(authenticationErrors(description));
  const validates = Object.values(routeSchemas(route)).some(Boolean);
  if (validates || description.bodyByAccess || description.body || description.query) codes.add('SCHEMA_ERROR');
  if (requestBodyOf(route, description)) codes.add('BODY_PARSING_ERROR');
  for (const code of description.errors ?? []) codes.add(code);
  // What the handler's calls can raise, found in the sources (route-errors.generated.ts), unless
  // the endpoint answers errors in a wire format of its own.
  if (!description.ownErrorFormat) for (const code of derivedRouteErrors[routeKey(route)] ?? []) codes.add(code);

  const byStatus = new Map<number, { codes: KnownErrorCode[]; texts: string[] }>();
  const bucket = (status: number) => {
    if (!byStatus.has(status)) byStatus.set(status, { codes: [], texts: [] });
    return byStatus.get(status)!;
  };
  for (const code of codes) bucket(statusOf(code)).codes.push(code);
  for (const text of description.textErrors ?? []) bucket(text.status).texts.push(text.when);

  const responses: Json = {};
  for (const [status, { codes: statusCodes, texts }] of [...byStatus].sort(([a], [b]) => a - b)) {
    const content: Json = {};
    const lines: string[] = [];
    if (statusCodes.length > 0) {
      const refs = statusCodes.map((code) => ({ $ref: `#/components/schemas/${knownErrorSchemaName(code)}` }));
      content['application/json'] = { schema: refs.length === 1 ? refs[0] : { oneOf: refs } };
      lines.push(`Known errors (X-Stack-Known-Error names the code): ${statusCodes.join(', ')}.`);
    }
    if (texts.length > 0) {
      content['text/plain'] = { schema: { type: 'string' } };
      lines.push(...texts.map((when) => `Plain text when ${when}.`));
    }
    responses[String(status)] = {
      description: lines.join('\n'),
      ...(statusCodes.length > 0
        ? { headers: { 'X-Stack-Known-Error': { description: 'The known error code.', schema: { type: 'string' } } } }
        : {}),
      content,
    };
  }
  responses['500'] = { description: 'An unexpected error (details stay in the server log).', content: { 'text/plain': { schema: { type: 'string' } } } };
  return responses;
}

function operationOf(route: RegisteredRoute, description: RouteDescription): Json {
  const path = openApiPath(routeKey(route).split(' ')[1]!);
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const declared = routeSchemas(route);
  const querySchema = description.query ?? declared.query;
  const parameters = [...parametersOf(declared.params, 'path', pathNames), ...parametersOf(querySchema, 'query', [])];
  const levels = allowedLevels(description.access);
  const accessText =
    levels.length === 0 ? 'No project headers.' : `Access: ${levels.join(', ')}${description.signedInUser ? ', with a signed-in user' : ''}.`;
  const [successStatus, success] = successResponseOf(description);
  const operation: Json = {
    operationId: operationIdOf(routeKey(route)),
    summary: description.summary,
    description: accessText,
    tags: [description.tag],
    'x-authd-access': levels,
    security: securityOf(description),
    parameters,
    responses: { [successStatus]: success, ...errorResponsesOf(route, description) },
  };
  const requestBody = requestBodyOf(route, description);
  if (requestBody) operation.requestBody = requestBody;
  return operation;
}

function operationIdOf(key: string): string {
  const [method, path] = key.split(' ');
  const words = path!
    .replace(/:([A-Za-z0-9_]+)/g, 'by_$1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method!.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** The routes with no catalogue entry, and the entries that name no route (both must be empty). */
export function catalogueMismatches(routes: readonly RegisteredRoute[]): { undescribed: string[]; unrouted: string[] } {
  const keys = new Set(routes.map(routeKey));
  return {
    undescribed: [...keys].filter((key) => !routeCatalogue[key]),
    unrouted: Object.keys(routeCatalogue).filter((key) => !keys.has(key)),
  };
}

const undescribedRoute: RouteDescription = {
  summary: '(not described yet)',
  tag: 'Other',
  access: 'client',
  response: {},
};

export function buildOpenApiDocument(routes: readonly RegisteredRoute[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const key = routeKey(route);
    // A route added without its catalogue entry still appears (the test names it); serving
    // the rest of the document beats answering 500 for all of it.
    const description = routeCatalogue[key] ?? undescribedRoute;
    const path = openApiPath(key.split(' ')[1]!);
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = operationOf(route, description);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'authd API',
      version,
      description:
        "authd speaks Stack Auth's REST API v1. Every call names its project and access level in headers; errors are known errors (JSON `{code, error, details}` with X-Stack-Known-Error) or plain text.",
    },
    servers: [{ url: apiPrefix }],
    tags: [...new Set(Object.values(routeCatalogue).map((entry) => entry.tag))].map((name) => ({ name })),
    paths,
    components: { securitySchemes, schemas: knownErrorComponents() },
  };
}
