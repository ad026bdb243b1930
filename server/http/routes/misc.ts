// The API root and feature-support probe.
import type { Context } from '../../core/storage/context';
import type { ApiApp } from '../api-app';
import type { RequestAuth } from '../../core/credentials/callers';
import { readUserServerView } from '../../core/users/user-views';
import { noQueryParameters } from '../../protocol/wire-object';

export function miscRoutes(app: ApiApp, ctx: Context) {
  return (
    app
      // Stack's text, word for word, as its prefix: SDKs and health checks compare it. Where authd's
      // own docs are follows as a last paragraph. No query parameters, as there.
      .get('/', async ({ auth }) => text(await welcomeText(ctx, auth)), { query: noQueryParameters })
      .post('/check-feature-support', ({ body }) => {
        const name = typeof body === 'object' && body !== null && 'name' in body ? String(body.name) : 'This feature';
        return text(`${name} is not yet supported by authd. Please open an issue on the authd project for more information.`);
      })
  );
}

function text(body: string): Response {
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** The paragraph after Stack's text: authd answers this wire, and documents its own behaviour. */
export const authdDocsParagraph =
  "This is authd, which speaks Stack's REST API v1. authd's API reference is at /api/v1/docs; its guides are in the docs/ folder of the authd repository.";

async function welcomeText(ctx: Context, auth: RequestAuth): Promise<string> {
  return `${await stackWelcomeText(ctx, auth)}\n\n${authdDocsParagraph}`;
}

async function stackWelcomeText(ctx: Context, auth: RequestAuth): Promise<string> {
  const intro = 'Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\n';
  if (auth.kind !== 'project') return `${intro}Authentication: None`;
  const type = auth.accessType.charAt(0).toUpperCase() + auth.accessType.slice(1);
  const user = auth.userId ? ((await readUserServerView(ctx, auth.projectId, auth.userId)).primary_email ?? auth.userId) : 'None';
  return `${intro}Authentication: ${type}\nProject: ${auth.projectId}\nUser: ${user}`;
}
