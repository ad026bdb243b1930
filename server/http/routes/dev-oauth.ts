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
    .get(
      '/dev-oauth/:provider_id/authorize',
      ({ params, query }) =>
        new Response(renderDevMockAuthorizePage(ctx, params.provider_id, stringFields(query)), {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    )
    .post('/dev-oauth/:provider_id/authorize', ({ params, body, authdOrigins }) => {
      const location = approveDevMockAuthorization(ctx, params.provider_id, stringFields(body), authdOrigins().browserOrigins);
      return new Response(null, { status: 303, headers: { location } });
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
