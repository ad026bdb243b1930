// /projects/current: the client view for client and server callers, the admin view for admins.
import { projectUpdateSchema } from '../../protocol/project-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { Context } from '../../core/storage/context';
import { deleteProject, readProjectAdminView, readProjectClientView, updateProject } from '../../core/projects/projects';
import { requireAccess } from '../../core/credentials/callers';
import type { ApiApp } from '../api-app';
import { succeeded } from '../resource-answers';

export function projectRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/projects/current',
      async ({ auth }) => {
        const caller = requireAccess(auth, 'client');
        return caller.accessType === 'admin'
          ? await readProjectAdminView(ctx, caller.projectId)
          : await readProjectClientView(ctx, caller.projectId);
      },
      { query: noQueryParameters },
    )
    .patch(
      '/projects/current',
      async ({ auth, body }) => await updateProject(ctx, requireAccess(auth, 'admin').projectId, body),
      {
        body: projectUpdateSchema,
        query: noQueryParameters,
      },
    )
    .delete(
      '/projects/current',
      async ({ auth }) => await succeeded(deleteProject(ctx, requireAccess(auth, 'admin').projectId)),
      { query: noQueryParameters },
    );
}
