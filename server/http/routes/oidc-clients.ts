// /oidc-clients: the relying parties of the project's OpenID Provider, for admin access (the
// super-secret admin key or an internal admin's access token). A thin layer over
// server/core/oidc/oidc-clients.ts, which the CLI uses too; a client's secret is only in the
// creation answer.
import {
  createOidcClient,
  deleteOidcClient,
  listOidcClients,
  readOidcClient,
  updateOidcClient,
} from '../../core/oidc/oidc-clients';
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import { oidcClientCreateSchema, oidcClientParams, oidcClientUpdateSchema } from '../../protocol/oidc-client-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { created, succeeded } from '../resource-answers';

export function oidcClientRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/oidc-clients',
      async ({ auth }) => ({ items: await listOidcClients(ctx, requireAccess(auth, 'admin').projectId), is_paginated: false }),
      { query: noQueryParameters },
    )
    .post(
      '/oidc-clients',
      async ({ auth, body, set }) => await created(set, createOidcClient(ctx, requireAccess(auth, 'admin').projectId, body)),
      { body: oidcClientCreateSchema, query: noQueryParameters },
    )
    .get(
      '/oidc-clients/:client_id',
      async ({ auth, params }) => await readOidcClient(ctx, requireAccess(auth, 'admin').projectId, params.client_id),
      { params: oidcClientParams, query: noQueryParameters },
    )
    .patch(
      '/oidc-clients/:client_id',
      async ({ auth, params, body }) =>
        await updateOidcClient(ctx, requireAccess(auth, 'admin').projectId, params.client_id, body),
      { params: oidcClientParams, body: oidcClientUpdateSchema, query: noQueryParameters },
    )
    .delete(
      '/oidc-clients/:client_id',
      async ({ auth, params }) =>
        await succeeded(deleteOidcClient(ctx, requireAccess(auth, 'admin').projectId, params.client_id)),
      { params: oidcClientParams, query: noQueryParameters },
    );
}
