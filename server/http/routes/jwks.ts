// The public keys that verify a project's access tokens. Needs no project headers.
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import { readProjectJwks } from '../../core/auth/signing-keys';
import type { ApiApp } from '../api-app';

export function jwksRoutes(app: ApiApp, ctx: Context) {
  return app.get(
    '/projects/:project_id/.well-known/jwks.json',
    async ({ params }) => await readProjectJwks(ctx, params.project_id),
    {
      params: v.strictObject({ project_id: v.string() }),
    },
  );
}
