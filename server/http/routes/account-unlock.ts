// /auth/unlock: where the emailed unlock link of a locked account leads (core/auth/account-unlock.ts).
// A navigation, so no project headers and an HTML answer. Opening the link only shows a button:
// mail scanners that fetch every link must not use the code up; the button's POST does.
import { unlockAccount } from '../../core/auth/account-unlock';
import type { Context } from '../../core/storage/context';
import { KnownError } from '../../protocol/known-errors';
import type { ApiApp } from '../api-app';
import { escapeHtml } from '../../protocol/html-escape';

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:420px;margin:64px auto;padding:0 16px"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function field(input: unknown, name: string): string {
  const value = input && typeof input === 'object' ? (input as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

export function accountUnlockRoutes(app: ApiApp, ctx: Context) {
  return app
    .get('/auth/unlock', ({ query }) => {
      const projectId = field(query, 'project_id');
      const code = field(query, 'code');
      return page(
        200,
        'Unlock your account',
        `<p>Sign-in to your account was paused after many failed attempts. Unlock it to sign in again.</p><form method="post"><input type="hidden" name="project_id" value="${escapeHtml(projectId)}"><input type="hidden" name="code" value="${escapeHtml(code)}"><button type="submit">Unlock my account</button></form>`,
      );
    })
    .post('/auth/unlock', async ({ body, origin }) => {
      try {
        await unlockAccount(ctx, field(body, 'project_id'), field(body, 'code'), origin);
      } catch (error) {
        if (!(error instanceof KnownError)) throw error;
        return page(400, 'This unlock link does not work', `<p>${escapeHtml(error.message)}</p>`);
      }
      return page(200, 'Your account is unlocked', '<p>You can sign in again now.</p>');
    });
}
