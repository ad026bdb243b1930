// /openapi.json and /docs: the API described from its own route table, and a page to read it.
import packageJson from '../../../package.json' with { type: 'json' };
import type { Context } from '../../core/storage/context';
import { apiDocsPage } from '../openapi/docs-page';
import type { ApiApp } from '../api-app';

export function openApiRoutes(app: ApiApp, _ctx: Context) {
  // Built on first request, when every route file has registered its routes. Its code (the
  // route catalogue and the schema converter) is loaded then too, not at start.
  let document: string | undefined;
  return app
    .get('/openapi.json', async () => {
      if (document === undefined) {
        const { buildOpenApiDocument } = await import('../openapi/openapi-document');
        document = JSON.stringify(buildOpenApiDocument(app.routes, packageJson.version));
      }
      return new Response(document, { headers: { 'content-type': 'application/json; charset=utf-8' } });
    })
    .get('/docs', () => new Response(apiDocsPage, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
}
