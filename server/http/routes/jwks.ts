// The public keys that verify a project's access tokens (wire §3.2). Needs no project headers.
import * as v from 'valibot';
import type { Context } from '../../core/context';
import { projectExists } from '../../core/projects';
import { getProjectSigningKey } from '../../core/signing-keys';
import { textResponse } from '../error-responses';
import type { ApiApp } from '../api-app';

export function jwksRoutes(app: ApiApp, ctx: Context) {
  return app.get(
    '/projects/:project_id/.well-known/jwks.json',
    async ({ params }) => {
      if (!projectExists(ctx, params.project_id)) return textResponse(404, 'Project not found');
      return { keys: [(await getProjectSigningKey(ctx, params.project_id)).publicJwk] };
    },
    { params: v.strictObject({ project_id: v.string() }) },
  );
}
