// The hosted screens' page for a project: served with that project's public settings only, and
// a path naming no project (or not decodable) is a plain 404 rather than a server error.
import { expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import { withInstance } from '../support/file-instance';

let t: TestInstance;
withInstance((started) => ({ t } = started));

function embeddedConfig(html: string): Record<string, unknown> {
  const match = /<script[^>]*type="application\/json"[^>]*>([^<]*)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}

test('/projects/{id}/handler/* serves the page with that project id, its handler path and a publishable key only', async () => {
  const projectId = t.demo!.projectId;
  const res = await fetch(`${t.url}/projects/${projectId}/handler/sign-in`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await res.text();
  const config = embeddedConfig(html);
  expect(config.projectId).toBe(projectId);
  expect(config.handlerPath).toBe(`/projects/${projectId}/handler`);
  expect(String(config.publishableClientKey)).toMatch(/^pck_/);
  expect(html).not.toMatch(/ssk_|sak_/);
  // A percent-encoded spelling of the same id is answered with the canonical path.
  const encoded = projectId.replace(/-/g, '%2D');
  const again = embeddedConfig(await (await fetch(`${t.url}/projects/${encoded}/handler/sign-in`)).text());
  expect(again.handlerPath).toBe(`/projects/${projectId}/handler`);
});

test('unknown and undecodable project ids are 404', async () => {
  for (const path of ['/projects/00000000-0000-4000-8000-000000000000/handler/sign-in', '/projects/%ZZ/handler/sign-in']) {
    const res = await fetch(`${t.url}${path}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Project not found');
  }
});
