// Webhooks: the svix-token endpoint Stack's SDK calls and authd's own management API for
// endpoints and their delivery log, for admin access or a management token (Bearer).
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import { listWebhookDeliveries, readWebhookDelivery, retryWebhookDelivery } from '../../core/webhooks/webhook-delivery-log';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  readWebhookEndpoint,
} from '../../core/webhooks/webhook-endpoints';
import { issueWebhookManagementToken, resolveWebhookManagerProject } from '../../core/webhooks/webhook-management-tokens';
import { uuidSchema } from '../../protocol/user-schemas';
import { noQueryParameters, wireObject } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { created, succeeded } from '../resource-answers';
import { bearerTokenOf } from '../bearer-token';

const endpointCreateSchema = wireObject({
  url: v.pipe(v.string(), v.nonEmpty('Must not be empty')),
  description: v.optional(v.pipe(v.string(), v.maxLength(1000, 'Must be at most 1000 characters'))),
});
const endpointParams = v.strictObject({ endpoint_id: uuidSchema });
const deliveryParams = v.strictObject({ delivery_id: uuidSchema });
const deliveryListQuery = v.strictObject({
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'Must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(200)),
  ),
});

export function webhookRoutes(app: ApiApp, ctx: Context) {
  const managedProject = (auth: Parameters<typeof resolveWebhookManagerProject>[1], request: Request) =>
    resolveWebhookManagerProject(ctx, auth, bearerTokenOf(request));
  return app
    .post(
      '/webhooks/svix-token',
      ({ auth, set }) => {
        const projectId = requireAccess(auth, 'admin').projectId;
        set.status = 201;
        return { token: issueWebhookManagementToken(ctx, projectId) };
      },
      { body: v.nullable(wireObject({})), query: noQueryParameters },
    )
    .get(
      '/webhooks/endpoints',
      async ({ auth, request }) => ({
        items: await listWebhookEndpoints(ctx, managedProject(auth, request)),
        is_paginated: false,
      }),
      { query: noQueryParameters },
    )
    .post(
      '/webhooks/endpoints',
      async ({ auth, request, body, set }) => await created(set, createWebhookEndpoint(ctx, managedProject(auth, request), body)),
      { body: endpointCreateSchema, query: noQueryParameters },
    )
    .get(
      '/webhooks/endpoints/:endpoint_id',
      async ({ auth, request, params }) => await readWebhookEndpoint(ctx, managedProject(auth, request), params.endpoint_id),
      { params: endpointParams, query: noQueryParameters },
    )
    .delete(
      '/webhooks/endpoints/:endpoint_id',
      async ({ auth, request, params }) =>
        await succeeded(deleteWebhookEndpoint(ctx, managedProject(auth, request), params.endpoint_id)),
      { params: endpointParams, query: noQueryParameters },
    )
    .get(
      '/webhooks/endpoints/:endpoint_id/deliveries',
      async ({ auth, request, params, query }) => ({
        items: await listWebhookDeliveries(ctx, managedProject(auth, request), params.endpoint_id, { limit: query.limit }),
        is_paginated: false,
      }),
      { params: endpointParams, query: deliveryListQuery },
    )
    .get(
      '/webhooks/deliveries/:delivery_id',
      async ({ auth, request, params }) => await readWebhookDelivery(ctx, managedProject(auth, request), params.delivery_id),
      { params: deliveryParams, query: noQueryParameters },
    )
    .post(
      '/webhooks/deliveries/:delivery_id/retry',
      async ({ auth, request, params }) => await retryWebhookDelivery(ctx, managedProject(auth, request), params.delivery_id),
      { params: deliveryParams, query: noQueryParameters },
    );
}
