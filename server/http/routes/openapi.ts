// /openapi.json and /docs: the API described from its own route table, and a page to read it.
import packageJson from '../../../package.json' with { type: 'json' };
import type { Context } from '../../core/storage/context';
import { apiDocsPage } from '../openapi/docs-page';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import type { ApiApp } from '../api-app';

export function openApiRoutes(app: ApiApp, _ctx: Context) {
  // Built on first request, when every route file has registered its routes.
  let document: string | undefined;
  return app
    .get('/openapi.json', () => {
      document ??= JSON.stringify(buildOpenApiDocument(app.routes, packageJson.version));
      return new Response(document, { headers: { 'content-type': 'application/json; charset=utf-8' } });
    })
    .get('/docs', () => new Response(apiDocsPage, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
}
