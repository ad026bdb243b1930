// /team-permission-definitions: the project's team permissions, managed by admins.
import type { Context } from '../../core/storage/context';
import {
  createPermissionDefinition,
  deletePermissionDefinition,
  listPermissionDefinitions,
  updatePermissionDefinition,
} from '../../core/projects/permission-definitions';
import { requireAccess } from '../../core/credentials/callers';
import {
  permissionDefinitionCreateSchema,
  permissionDefinitionParams,
  permissionDefinitionUpdateSchema,
} from '../../protocol/team-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { created, succeeded } from '../resource-answers';

export function teamPermissionDefinitionRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/team-permission-definitions',
      async ({ auth }) => ({
        items: await listPermissionDefinitions(ctx, requireAccess(auth, 'admin').projectId),
        is_paginated: false,
      }),
      { query: noQueryParameters },
    )
    .post(
      '/team-permission-definitions',
      async ({ auth, body, set }) =>
        await created(set, createPermissionDefinition(ctx, requireAccess(auth, 'admin').projectId, body)),
      { body: permissionDefinitionCreateSchema, query: noQueryParameters },
    )
    .patch(
      '/team-permission-definitions/:permission_id',
      async ({ auth, params, body }) =>
        await updatePermissionDefinition(ctx, requireAccess(auth, 'admin').projectId, params.permission_id, body),
      { params: permissionDefinitionParams, body: permissionDefinitionUpdateSchema, query: noQueryParameters },
    )
    .delete(
      '/team-permission-definitions/:permission_id',
      async ({ auth, params }) =>
        await succeeded(deletePermissionDefinition(ctx, requireAccess(auth, 'admin').projectId, params.permission_id)),
      { params: permissionDefinitionParams, query: noQueryParameters },
    );
}
