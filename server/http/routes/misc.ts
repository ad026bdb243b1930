// The API root and feature-support probe (wire §1.1, §5.17).
import type { Context } from '../../core/context';
import type { ApiApp } from '../api-app';

export function miscRoutes(app: ApiApp, _ctx: Context) {
  return app
    .get('/', () => text("Welcome to the authd API endpoint! authd speaks Stack Auth's REST API v1; see the README for details."))
    .post('/check-feature-support', ({ body }) => {
      const name = typeof body === 'object' && body !== null && 'name' in body ? String(body.name) : 'This feature';
      return text(`${name} is not yet supported by authd. Please open an issue on the authd project for more information.`);
    });
}

function text(body: string): Response {
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
