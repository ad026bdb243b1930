// Starting an OAuth sign-in needs only the public client key and stores the flow's row until the
// provider sends the user back, so it is limited per client address like the other
// unauthenticated writers. Addresses come from X-Forwarded-For (a remote client of a development
// instance gets every limit).
import { expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import { authorizeUrl, makeOAuthProject, pkcePair } from '../support/oauth-provider';
import { withInstance } from '../support/file-instance';

let t: TestInstance;
withInstance((started) => ({ t } = started), { instance: { settings: { trustProxy: true } } });

test('100 flows per 15 minutes per address; the 101st is refused with 429 and stores nothing; another address goes on', async () => {
  const project = await makeOAuthProject(t, 'Authorize flood');
  const start = (address: string) =>
    fetch(authorizeUrl(t, project, pkcePair(), `state-${address}`), {
      redirect: 'manual',
      headers: { 'x-forwarded-for': address },
    });
  for (let i = 0; i < 100; i++) expect((await start('203.0.113.50')).status).toBe(307);
  const refused = await start('203.0.113.50');
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await start('203.0.113.51')).status).toBe(307);
  const [row] = await t.rows(
    `select count(*) as n from verification_codes where project_id = ? and kind = 'oauth_outer_flow'`,
    project.projectId,
  );
  expect(Number(row!.n)).toBe(101);
});
