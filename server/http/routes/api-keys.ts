// /internal/api-keys: the project's API key sets. Full keys appear only in the
// creation response.
import * as v from 'valibot';
import { apiKeyCreateSchema, apiKeyUpdateSchema } from '../../protocol/api-key-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import { createApiKeySet, getApiKeySet, listApiKeySets, updateApiKeySet } from '../../core/projects/api-keys';
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import type { ApiApp } from '../api-app';

const keySetParams = v.strictObject({ api_key_id: v.pipe(v.string(), v.uuid('Must be a UUID')) });

export function apiKeyRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/internal/api-keys',
      async ({ auth }) => ({ items: await listApiKeySets(ctx, requireAccess(auth, 'admin').projectId), is_paginated: false }),
      { query: noQueryParameters },
    )
    .post(
      '/internal/api-keys',
      async ({ auth, body }) =>
        await createApiKeySet(ctx, requireAccess(auth, 'admin').projectId, {
          description: body.description,
          expiresAtMillis: body.expires_at_millis,
          keys: {
            publishable_client_key: body.has_publishable_client_key || undefined,
            secret_server_key: body.has_secret_server_key || undefined,
            super_secret_admin_key: body.has_super_secret_admin_key || undefined,
          },
        }),
      { body: apiKeyCreateSchema, query: noQueryParameters },
    )
    .get(
      '/internal/api-keys/:api_key_id',
      async ({ auth, params }) => await getApiKeySet(ctx, requireAccess(auth, 'admin').projectId, params.api_key_id),
      { params: keySetParams, query: noQueryParameters },
    )
    .patch(
      '/internal/api-keys/:api_key_id',
      async ({ auth, params, body }) =>
        await updateApiKeySet(ctx, requireAccess(auth, 'admin').projectId, params.api_key_id, body),
      { params: keySetParams, body: apiKeyUpdateSchema, query: noQueryParameters },
    );
}
