// The subset of Svix's API that Stack's dashboard and the `svix` client library use to manage a
// project's webhooks, served over authd's own webhook tables: endpoints (list, create, read,
// change, delete, signing secret), messages (list, read) and the attempts at an endpoint. The app
// id is the project id, as Stack names its Svix applications; the bearer token is the one
// `POST /webhooks/svix-token` hands out. Answers and errors have Svix's JSON shapes.
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import { KnownError } from '../../protocol/known-errors';
import { PlainTextError } from '../../protocol/plain-text-errors';
import { uuidSchema } from '../../protocol/user-schemas';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  openEndpointSecret,
  readWebhookEndpoint,
  requireWebhookEndpointRow,
  updateWebhookEndpoint,
  type WebhookEndpointView,
} from '../../core/webhooks/webhook-endpoints';
import { resolveWebhookManagerProject } from '../../core/webhooks/webhook-management-tokens';
import {
  listEndpointAttempts,
  listWebhookMessages,
  readWebhookMessage,
  type Page,
  type WebhookDeliveryAttempt,
  type WebhookMessage,
} from '../../core/webhooks/webhook-messages';
import type { ApiApp } from '../api-app';
import { bearerTokenOf } from '../bearer-token';

/** Svix's error body; `code` as Svix names the kind of failure. */
class SvixError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

const svixCodes: Record<number, string> = { 400: 'bad_request', 401: 'authentication_failed', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 422: 'validation' };

/** Runs the call and answers it in Svix's shapes, errors included. */
async function svixAnswer(set: { status?: number | string }, work: () => unknown): Promise<unknown> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof SvixError || error instanceof PlainTextError || error instanceof KnownError)) throw error;
    const status = error.status;
    set.status = status;
    return { code: error instanceof SvixError ? error.code : (svixCodes[status] ?? 'error'), detail: error.message };
  }
}

const iso = (millis: number) => new Date(millis).toISOString();

function endpointOut(endpoint: WebhookEndpointView) {
  // authd keeps no per-endpoint version, filters, channels or update time: Svix's defaults.
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    version: 1,
    disabled: false,
    filterTypes: null,
    channels: null,
    uid: null,
    metadata: {},
    createdAt: iso(endpoint.created_at_millis),
    updatedAt: iso(endpoint.created_at_millis),
  };
}

function messageOut(message: WebhookMessage) {
  return { id: message.id, eventType: message.type, payload: message.payload, timestamp: iso(message.created_at_millis), eventId: null, channels: null, tags: null };
}

const attemptStatus = { succeeded: [0, 'success'], waiting: [1, 'pending'], failed: [2, 'fail'] } as const;

function attemptOut(attempt: WebhookDeliveryAttempt) {
  const [status, statusText] = attemptStatus[attempt.state];
  return {
    id: attempt.id,
    msgId: attempt.message_id,
    endpointId: attempt.endpoint_id,
    url: attempt.url,
    response: attempt.response,
    responseStatusCode: attempt.status_code ?? 0,
    responseDurationMs: 0,
    status,
    statusText,
    timestamp: iso(attempt.attempted_at_millis),
    triggerType: 0,
  };
}

function listOut<T, O>(page: Page<T>, map: (item: T) => O) {
  return { data: page.items.map(map), iterator: page.next, prevIterator: null, done: page.next === null };
}

const appParams = v.strictObject({ app_id: v.string() });
const endpointParams = v.strictObject({ app_id: v.string(), endpoint_id: uuidSchema });
// Messages are events, whose ids are `msg_` and base32 (the webhook-id header of the delivery).
const messageParams = v.strictObject({ app_id: v.string(), msg_id: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'is not a message id')) });
const pageQuery = v.looseObject({
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'Must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(250))),
  iterator: v.optional(v.string()),
});

/** Endpoint fields authd stores; Svix's other fields are accepted only at their defaults. */
const endpointBody = v.looseObject({
  url: v.pipe(v.string(), v.nonEmpty()),
  description: v.optional(v.pipe(v.string(), v.maxLength(1000))),
});
const endpointPatchBody = v.looseObject({
  url: v.optional(v.pipe(v.string(), v.nonEmpty())),
  description: v.optional(v.pipe(v.string(), v.maxLength(1000))),
});

function refuseUnsupportedEndpointFields(body: Record<string, unknown>): void {
  const isDefault = (value: unknown) =>
    value === undefined || value === null || value === false || (Array.isArray(value) && value.length === 0) || value === 1;
  for (const field of ['disabled', 'filterTypes', 'channels', 'uid', 'secret', 'rateLimit', 'throttleRate', 'version']) {
    if (!isDefault(body[field])) throw new SvixError(422, 'validation', `authd's webhooks do not support "${field}" on endpoints.`);
  }
  const headers = body.headers;
  if (headers && typeof headers === 'object' && Object.keys(headers).length > 0) {
    throw new SvixError(422, 'validation', `authd's webhooks do not support "headers" on endpoints.`);
  }
}

export function svixApiRoutes(app: ApiApp, ctx: Context) {
  /** The project the token manages, which must be the app named in the path. */
  const projectOf = (auth: Parameters<typeof resolveWebhookManagerProject>[1], request: Request, appId: string) => {
    const projectId = resolveWebhookManagerProject(ctx, auth, bearerTokenOf(request));
    if (projectId !== appId) throw new SvixError(404, 'not_found', 'Application not found.');
    return projectId;
  };
  return app
    .get(
      '/app/:app_id/endpoint',
      ({ auth, request, params, set }) =>
        svixAnswer(set, async () => {
          const items = await listWebhookEndpoints(ctx, projectOf(auth, request, params.app_id));
          return { data: items.map(endpointOut), iterator: null, prevIterator: null, done: true };
        }),
      { params: appParams, query: pageQuery },
    )
    .post(
      '/app/:app_id/endpoint',
      ({ auth, request, params, body, set }) =>
        svixAnswer(set, async () => {
          const projectId = projectOf(auth, request, params.app_id);
          refuseUnsupportedEndpointFields(body);
          const created = await createWebhookEndpoint(ctx, projectId, { url: body.url, description: body.description });
          set.status = 201;
          return endpointOut(created);
        }),
      { params: appParams, body: endpointBody },
    )
    .get(
      '/app/:app_id/endpoint/:endpoint_id',
      ({ auth, request, params, set }) =>
        svixAnswer(set, async () => endpointOut(await readWebhookEndpoint(ctx, projectOf(auth, request, params.app_id), params.endpoint_id))),
      { params: endpointParams },
    )
    .put(
      '/app/:app_id/endpoint/:endpoint_id',
      ({ auth, request, params, body, set }) =>
        svixAnswer(set, async () => {
          const projectId = projectOf(auth, request, params.app_id);
          refuseUnsupportedEndpointFields(body);
          // PUT replaces: a description left out is cleared.
          const change = { url: body.url, description: body.description ?? '' };
          return endpointOut(await updateWebhookEndpoint(ctx, projectId, params.endpoint_id, change));
        }),
      { params: endpointParams, body: endpointBody },
    )
    .patch(
      '/app/:app_id/endpoint/:endpoint_id',
      ({ auth, request, params, body, set }) =>
        svixAnswer(set, async () => {
          const projectId = projectOf(auth, request, params.app_id);
          refuseUnsupportedEndpointFields(body);
          return endpointOut(await updateWebhookEndpoint(ctx, projectId, params.endpoint_id, { url: body.url, description: body.description }));
        }),
      { params: endpointParams, body: endpointPatchBody },
    )
    .delete(
      '/app/:app_id/endpoint/:endpoint_id',
      ({ auth, request, params, set }) => {
        const answer = svixAnswer(set, async () => await deleteWebhookEndpoint(ctx, projectOf(auth, request, params.app_id), params.endpoint_id));
        return answer === undefined ? new Response(null, { status: 204 }) : answer;
      },
      { params: endpointParams },
    )
    .get(
      '/app/:app_id/endpoint/:endpoint_id/secret',
      ({ auth, request, params, set }) =>
        svixAnswer(set, async () => {
          const row = await requireWebhookEndpointRow(ctx, projectOf(auth, request, params.app_id), params.endpoint_id);
          return { key: openEndpointSecret(ctx, row) };
        }),
      { params: endpointParams },
    )
    .get(
      '/app/:app_id/msg',
      ({ auth, request, params, query, set }) =>
        svixAnswer(set, async () => {
          const page = await listWebhookMessages(ctx, projectOf(auth, request, params.app_id), { limit: query.limit ?? 50, after: query.iterator });
          return listOut(page, messageOut);
        }),
      { params: appParams, query: pageQuery },
    )
    .get(
      '/app/:app_id/msg/:msg_id',
      ({ auth, request, params, set }) =>
        svixAnswer(set, async () => messageOut(await readWebhookMessage(ctx, projectOf(auth, request, params.app_id), params.msg_id))),
      { params: messageParams },
    )
    .get(
      '/app/:app_id/attempt/endpoint/:endpoint_id',
      ({ auth, request, params, query, set }) =>
        svixAnswer(set, async () => {
          const projectId = projectOf(auth, request, params.app_id);
          const page = await listEndpointAttempts(ctx, projectId, params.endpoint_id, { limit: query.limit ?? 50, after: query.iterator });
          return listOut(page, attemptOut);
        }),
      { params: endpointParams, query: pageQuery },
    );
}
