// The development mock provider's endpoints (server/providers/dev-mock-provider.ts), answered 404 in
// production mode.
import type { Context } from '../../core/storage/context';
import {
  approveDevMockAuthorization,
  devMockTokenResponse,
  devMockUserinfo,
  renderDevMockAuthorizePage,
} from '../../core/auth/dev-mock-provider';
import type { ApiApp } from '../api-app';
import { navigationRefusal, projectOfState } from '../navigation-refusals';

function stringFields(input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (input && typeof input === 'object') {
    for (const [name, value] of Object.entries(input)) if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

export function devOAuthRoutes(app: ApiApp, ctx: Context) {
  return app
    .get('/dev-oauth/:provider_id/authorize', async ({ params, query, request, authdOrigins }) => {
      const fields = stringFields(query);
      try {
        return new Response(renderDevMockAuthorizePage(ctx, params.provider_id, fields), {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      } catch (error) {
        const toCard = await navigationRefusal(ctx, request, authdOrigins().public, projectOfState(fields.state), error);
        if (toCard) return toCard;
        throw error;
      }
    })
    .post('/dev-oauth/:provider_id/authorize', async ({ params, body, request, authdOrigins }) => {
      const fields = stringFields(body);
      const origins = authdOrigins();
      try {
        const location = approveDevMockAuthorization(ctx, params.provider_id, fields, origins.browserOrigins);
        return new Response(null, { status: 303, headers: { location } });
      } catch (error) {
        const toCard = await navigationRefusal(ctx, request, origins.public, projectOfState(fields.state), error);
        if (toCard) return toCard;
        throw error;
      }
    })
    .post('/dev-oauth/:provider_id/token', ({ params, body }) => {
      const answer = devMockTokenResponse(ctx, params.provider_id, stringFields(body));
      return json(answer.status, answer.body);
    })
    .get('/dev-oauth/:provider_id/userinfo', ({ request }) => {
      const answer = devMockUserinfo(ctx, request.headers.get('authorization'));
      return json(answer.status, answer.body);
    });
}
