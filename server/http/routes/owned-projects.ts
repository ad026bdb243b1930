// /internal/projects: the caller's owned projects, listed and created through the internal
// project by its signed-in users.
import { projectCreateSchema } from '../../protocol/project-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { Context } from '../../core/storage/context';
import { createOwnedProject, listOwnedProjects, requireInternalProjectUser } from '../../core/projects/owned-projects';
import { requireAccess } from '../../core/credentials/callers';
import type { ApiApp } from '../api-app';

export function ownedProjectRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/internal/projects',
      async ({ auth }) => {
        const userId = requireInternalProjectUser(requireAccess(auth, 'client'));
        return { items: await listOwnedProjects(ctx, userId), is_paginated: false };
      },
      { query: noQueryParameters },
    )
    .post(
      '/internal/projects',
      async ({ auth, body, set }) => {
        const userId = requireInternalProjectUser(requireAccess(auth, 'client'));
        const project = await createOwnedProject(ctx, userId, body);
        set.status = 201;
        return project;
      },
      { body: projectCreateSchema, query: noQueryParameters },
    );
}
