// The /api/v1 Elysia application's request pipeline: body parsing, then request authentication,
// then schema validation and the handler (Stack's order). api-routes.ts adds the resources; route
// files see only the type of this app, so nothing here imports them.
import { Elysia } from 'elysia';
import { KnownError } from '../protocol/known-errors';
import type { Context } from '../core/storage/context';
import { authenticateRequest, type AuthHeaders } from '../core/auth/request-auth';
import { requireAccess, type RequestAuth } from '../core/credentials/callers';
import { routeCatalogue } from './openapi/route-catalogue';
import { parseRequestBody } from './body-parsing';
import type { ClientIpResolver } from './client-ip';
import { requestLine, requestPath } from './request-path';
import { SchemaValidationFailure, validateRoutesWithoutEcho } from './route-schemas';
import { schemaError, schemaErrorFromIssues } from '../protocol/validation-messages';
import { setAuditActor } from '../core/audit/audit-origin';
import { ownOrigins } from './own-origins';
import { errorResponse, schemaErrorFromValidation, textResponse } from './error-responses';
import { rememberMatchedRoute } from './request-metrics';

function readAuthHeaders(headers: Headers): AuthHeaders {
  const read = (name: string) => headers.get(name) ?? undefined;
  return {
    projectId: read('x-stack-project-id'),
    accessType: read('x-stack-access-type'),
    publishableClientKey: read('x-stack-publishable-client-key'),
    secretServerKey: read('x-stack-secret-server-key'),
    superSecretAdminKey: read('x-stack-super-secret-admin-key'),
    adminAccessToken: read('x-stack-admin-access-token'),
    accessToken: read('x-stack-access-token'),
  };
}

/**
 * Elysia decodes path parameters and hands on null for one that is not valid percent-encoding
 * (`%E0%A4%A`); that is the caller's mistake, named like any other bad parameter.
 */
function refuseUndecodableParams(request: Request, params: Record<string, unknown> | undefined): void {
  if (!params) return;
  const undecodable = Object.keys(params).filter((name) => params[name] === null);
  if (undecodable.length === 0) return;
  throw schemaError(
    request.method,
    requestPath(request.url),
    undecodable.map((name) => `params.${name}: is not valid percent-encoding`),
  );
}

/**
 * A key below the route's least access level is refused before its parameters and body are
 * validated, as Stack's handler does: a client key on `GET /users/123` learns that it may not
 * call the route at all, not that 123 is no user id. The route catalogue is where each route's
 * least level is written; handlers still check it themselves.
 */
function refuseLowerAccessBeforeValidation(auth: RequestAuth, method: string, route: string): void {
  if (auth.kind !== 'project') return;
  const minimum = routeCatalogue[`${method} ${route.replace(/^\/api\/v1/, '')}`]?.access;
  if (minimum === 'server' || minimum === 'admin') requireAccess(auth, minimum);
}

export function createBaseApp(ctx: Context, clientIp: ClientIpResolver, listeningUrl: () => string | undefined) {
  return validateRoutesWithoutEcho(new Elysia({ prefix: '/api/v1' }))
    .onParse(({ request, route }) => {
      // Also here: a body that does not parse never reaches derive, and its answer is still counted under its route.
      rememberMatchedRoute(ctx, request, route);
      return parseRequestBody(request);
    })
    .derive(async ({ request, params, route }) => {
      rememberMatchedRoute(ctx, request, route);
      const auth = await authenticateRequest(ctx, readAuthHeaders(request.headers), requestLine(request));
      if (auth.kind === 'project') setAuditActor(auth.accessType, auth.userId);
      refuseLowerAccessBeforeValidation(auth, request.method, route);
      refuseUndecodableParams(request, params);
      return {
        auth,
        origin: {
          get ip() {
            return clientIp(request);
          },
        },
        /** Where this instance is reached (own-origins.ts); worked out only when a route asks. */
        authdOrigins: () => ownOrigins(ctx, request, listeningUrl()),
      };
    })
    .onError(async ({ code, error, request }) => {
      switch (code) {
        case 'VALIDATION':
          // Only for schemas that are not valibot ones (see route-schemas.ts); never reads
          // Elysia's message, which echoes the received value.
          return errorResponse(schemaErrorFromValidation(error, request), ctx.log);
        case 'PARSE':
          // Our parser throws known errors; Elysia wraps them, keeping the original as cause.
          return errorResponse(error.cause instanceof KnownError ? error.cause : error, ctx.log);
        case 'NOT_FOUND':
          try {
            // Unknown API paths still parse their body and authenticate before their 404, as
            // Stack's do.
            if (!request.bodyUsed) await parseRequestBody(request);
            await authenticateRequest(ctx, readAuthHeaders(request.headers));
          } catch (authError) {
            return errorResponse(authError, ctx.log);
          }
          return textResponse(404, `No API endpoint at ${requestLine(request)}`);
        default:
          if (error instanceof SchemaValidationFailure) {
            return errorResponse(
              schemaErrorFromIssues(request.method, requestPath(request.url), error.part, error.issues),
              ctx.log,
            );
          }
          return errorResponse(error, ctx.log);
      }
    });
}

export type ApiApp = ReturnType<typeof createBaseApp>;
