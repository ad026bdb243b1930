// Users imported from each source format sign in with their original password through the
// hosted sign-in screen in Debian's Chromium: the screen lands where it was sent, and the
// stored hash is then authd's argon2id, so the sign-in checked the imported one.
import { describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { cliJson } from '../support/cli';
import type { TestInstance } from '../support/instance';
import { fixture, formatCases } from '../transfers/format-cases';
import { openPage, signInWithPassword, textOf, withInstanceBrowser } from './browser-support';

let t: TestInstance, browser: Browser;
const browserTestTimeout = 60_000;

withInstanceBrowser(async (started) => {
  ({ t, browser } = started);
  // The hosted screens serve the demo project: every format's fixture goes there (their
  // addresses differ by format).
  for (const c of formatCases) {
    for (const file of c.files) {
      const report = await cliJson([
        'users',
        'import',
        fixture(file),
        '--format',
        c.format,
        '--project',
        t.demo!.projectId,
        ...t.databaseArgs,
        ...(c.flags ?? []),
      ]);
      expect(report.imported).toBeGreaterThan(0);
    }
  }
});

describe('an imported user signs in on the hosted screen', () => {
  // Every password user of every fixture: one per hash kind the format carries.
  for (const c of formatCases)
    for (const [email, password] of c.passwords) {
      test(
        `from ${c.format}: ${email}`,
        async () => {
          const opened = await openPage(browser);
          const { page, problems } = opened;
          try {
            const hashOf = async () =>
              (
                await t.rows(
                  'select u.password_hash from users u join contact_channels c on c.user_id = u.id where u.project_id = ? and c.value = ?',
                  t.demo!.projectId,
                  email,
                )
              )[0]!.password_hash as string;
            expect(await hashOf()).not.toStartWith('$argon2id$v=19$m=19456,t=2,p=1$');
            await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/error?landed=1')}`);
            await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
            await signInWithPassword(page, email, password);
            await page.waitForURL((url) => url.searchParams.get('landed') === '1');
            await page.goto(`${t.url}/handler/sign-in`);
            expect(await textOf(page, 'already-signed-in')).toContain('You are already signed in');
            expect(await hashOf()).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$');
            await opened.screenshot(`imported-user-signed-in-${email.split('@')[0]}`);
            expect(problems).toEqual([]);
          } finally {
            await opened.close();
          }
        },
        browserTestTimeout,
      );
    }
});
