// The console's support actions in Chromium, end to end: an admin made by `authd admins add`
// bans a user from the user page, and that user then cannot sign in on the project's hosted
// sign-in (told so in words); the admin impersonates another user, the link opens the hosted
// screens signed in as them with the impersonation banner, and the session's access token
// carries the admin in its `act` claim. axe-core on the console page and the banner, screenshots
// in light and dark at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { createOwnedProject, ownerHeaders, signIn, type SignedIn } from '../support/admins';
import { call, expectOk, goodPassword, uniqueEmail } from '../support/user-views';
import { runCli, startTestInstance, type TestInstance } from '../support/instance';
import { pollUntil } from '../support/poll-until';
import { artifactsDir, launchBrowser, openPage, type TestPage } from './browser-support';
import { expectAccessible, signInContext } from './widget-checks';
import authJa from '../../server/protocol/messages/auth/auth-ja';
import pagesDe from '../../server/protocol/messages/pages/pages-de';

let t: TestInstance;
let browser: Browser;
let admin: SignedIn;
let projectId: string;
const browserTestTimeout = 150_000;

beforeAll(async () => {
  t = await startTestInstance({});
  const email = uniqueEmail('support-admin');
  const password = 'support admin passphrase 9';
  expect((await runCli(['admins', 'add', email, '--password-stdin', ...t.databaseArgs], { stdin: password })).code).toBe(0);
  admin = await signIn(t, t.internal, email, password);
  projectId = (await createOwnedProject(t, admin, { display_name: 'Support desk' })).id;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

async function userWithPassword(name: string, displayName: string | null = `${name} person`): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(name);
  const created = expectOk(
    await call(t, 'POST', '/users', {
      headers: ownerHeaders(projectId, admin.access_token, 'server'),
      body: { primary_email: email, primary_email_auth_enabled: true, password: goodPassword, display_name: displayName },
    }),
    201,
  );
  return { id: created.id, email };
}

async function openConsoleUserPage(userId: string, colorScheme: 'light' | 'dark' = 'light'): Promise<TestPage> {
  const opened = await openPage(browser, { colorScheme });
  await signInContext(t, t.internal, opened.context, admin.user_id);
  await opened.page.goto(`${t.url}/admin/projects/${projectId}/users/${userId}`);
  await opened.page.getByTestId('support-section').waitFor();
  return opened;
}

/** axe and a screenshot at each width, of what the page shows now. */
async function review(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page);
    await page.screenshot({ path: join(artifactsDir, `${name}-${width}.png`), fullPage: true });
  }
}

describe('banning from the console', () => {
  test(
    'the admin bans a user with a reason; the user then cannot sign in on the hosted screen; the ban is lifted there too',
    async () => {
      const user = await userWithPassword('banned');
      const opened = await openConsoleUserPage(user.id);
      const { page } = opened;
      expect(await page.getByTestId('ban-status').innerText()).toBe('can sign in');
      await page.getByLabel('Reason (for admins only)').fill('chargeback fraud');
      await page.getByRole('button', { name: 'Ban user' }).click();
      await page.getByText('Banned. Every session of the user has ended.').waitFor();
      // The status line comes with the API's answer; the user's row is read again after it.
      await page.getByTestId('ban-status').filter({ hasText: 'banned until lifted' }).waitFor();
      expect(await page.getByTestId('support-section').innerText()).toContain('chargeback fraud');
      const view = expectOk(await call(t, 'GET', `/users/${user.id}`, { headers: ownerHeaders(projectId, admin.access_token, 'server') }));
      expect(view.ban_reason).toBe('chargeback fraud');
      expect(view.banned_until_millis).toBeNull();
      // Impersonating a banned user is not offered.
      expect(await page.getByRole('button', { name: 'Impersonate' }).isDisabled()).toBe(true);
      await review(page, 'console-user-banned-light');

      // The user, in a browser of their own, on the project's hosted sign-in.
      const visitor = await openPage(browser);
      await visitor.page.goto(`${t.url}/projects/${projectId}/handler/sign-in`);
      // A project with only passwords on shows the password form alone, without tabs.
      await visitor.page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
      await visitor.page.getByRole('textbox', { name: 'Password', exact: true }).fill(goodPassword);
      await visitor.page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visitor.page.getByText('This account has been suspended. Contact the support of this app.').waitFor();
      expect(visitor.page.url()).toContain('/handler/sign-in');
      expect((await visitor.context.cookies()).filter((c) => c.name === `stack-refresh-${projectId}`)).toEqual([]);
      await visitor.close();

      await page.getByRole('button', { name: 'Lift the ban' }).click();
      await page.getByText('The ban is lifted.').waitFor();
      await page.getByTestId('ban-status').filter({ hasText: 'can sign in' }).waitFor();
      await opened.closeWithoutProblems();
    },
    browserTestTimeout,
  );

  test(
    'the ban form in dark, before a ban',
    async () => {
      const user = await userWithPassword('dark');
      const opened = await openConsoleUserPage(user.id, 'dark');
      await review(opened.page, 'console-user-support-dark');
      await opened.closeWithoutProblems();
    },
    browserTestTimeout,
  );
});

describe("the refusal in the user's language", () => {
  test(
    'a user banned until a day is told so on the Japanese sign-in, with the day; the error page words it in German',
    async () => {
      const user = await userWithPassword('banned-ja');
      const until = Date.UTC(2031, 0, 15, 12, 0);
      expectOk(
        await call(t, 'POST', `/users/${user.id}/ban`, { headers: ownerHeaders(projectId, admin.access_token, 'server'), body: { banned_until_millis: until } }),
      );
      const visitor = await openPage(browser);
      await visitor.page.goto(`${t.url}/projects/${projectId}/handler/sign-in?lang=ja`);
      await visitor.page.locator('input[name=email]').fill(user.email);
      await visitor.page.locator('input[name=password]').fill(goodPassword);
      await visitor.page.locator('[data-testid=password-sign-in-form] button[type=submit]').click();
      const day = new Intl.DateTimeFormat('ja', { dateStyle: 'medium', timeStyle: 'short' }).format(until);
      await visitor.page.getByText(authJa['error.USER_BANNED_UNTIL'].replace('{until}', day)).waitFor();
      expect(await visitor.page.getByText('suspended').count()).toBe(0);
      await visitor.page.screenshot({ path: join(artifactsDir, 'banned-sign-in-ja-390.png') });

      // A link that ends on the error page (a banned user's OAuth sign-in): the same words, in the page's language.
      const details = encodeURIComponent(JSON.stringify({ banned_until_millis: null }));
      await visitor.page.goto(`${t.url}/projects/${projectId}/handler/error?lang=de&errorCode=USER_BANNED&message=suspended&details=${details}`);
      await visitor.page.getByTestId('error-message').getByText(pagesDe['error.USER_BANNED']).waitFor();
      // A made-up code that names another text of the page shows the message it came with.
      await visitor.page.goto(`${t.url}/projects/${projectId}/handler/error?lang=de&errorCode=title&message=made-up&details=%7B%7D`);
      await visitor.page.getByTestId('error-message').getByText('made-up', { exact: true }).waitFor();
      await visitor.closeWithoutProblems();
    },
    browserTestTimeout,
  );
});

describe('impersonating from the console', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(
      `the link opens the hosted screens as the user, with the banner (${colorScheme}); the access token carries act naming the admin`,
      async () => {
        // No display name: account settings' avatar then shows no initials, which axe would read
        // against the button's label (a finding of that page, not of the banner).
        const user = await userWithPassword(`impersonated-${colorScheme}`, null);
        const opened = await openConsoleUserPage(user.id, colorScheme);
        const { page, context } = opened;
        await page.getByRole('button', { name: 'Impersonate' }).click();
        const link = page.getByTestId('impersonation-link');
        await link.waitFor();
        await review(page, `console-user-impersonate-${colorScheme}`);
        const [hosted] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await hosted.waitForURL((url) => url.pathname === `/projects/${projectId}/handler/account-settings`);
        const banner = hosted.getByTestId('impersonation-banner');
        await banner.waitFor();
        expect(await banner.innerText()).toContain(`you are signed in as ${user.email}`);

        const accessCookie = (await context.cookies()).find((c) => c.name === 'stack-access')!;
        const [, accessToken] = JSON.parse(decodeURIComponent(accessCookie.value)) as [string, string];
        expect(decodeJwt(accessToken)).toMatchObject({ sub: user.id, act: { sub: admin.user_id } });
        await review(hosted, `hosted-impersonation-banner-${colorScheme}`);

        // The banner stays on every page of the session, written by the server.
        await hosted.goto(`${t.url}/projects/${projectId}/handler/account-settings/security`);
        await hosted.getByTestId('impersonation-banner').waitFor();
        // The way out ends the impersonation session.
        await hosted.getByTestId('impersonation-banner').getByRole('link', { name: 'End impersonation' }).click();
        const signedIn = async () => (await context.cookies()).some((c) => c.name === `stack-refresh-${projectId}` && c.value !== '');
        expect(await pollUntil(signedIn, (still) => !still)).toBe(false);
        await hosted.goto(`${t.url}/projects/${projectId}/handler/sign-in`);
        await hosted.getByRole('textbox', { name: 'Email', exact: true }).waitFor();
        expect(await hosted.getByTestId('impersonation-banner').count()).toBe(0);
        await opened.closeWithoutProblems();
      },
      browserTestTimeout,
    );
  }
});
