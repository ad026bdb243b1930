// The admin console at /admin in Chromium: an admin made by `authd admins add` signs in through
// the internal project's hosted sign-in; a non-admin internal user and another project's user
// are refused; each page's main flow (projects, users, user detail, API keys, domains) with its
// empty, loading and error states, checked against the API; axe-core on every page, screenshots
// in light and dark at 390 and 1280 px; the first-load budget; and how the console is served.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { consoleFirstLoadBudgetBytes } from '../../scripts/build-console';
import { consolePagesOfProject } from '../../server/protocol/admin-console-config';
import { createOwnedProject, ownerHeaders, signIn, type SignedIn } from '../support/admins';
import { as, call, expectOk, goodPassword, uniqueEmail } from '../support/user-views';
import { pollUntil, queuedMessagesOnceThere } from '../support/mail';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { ownSmtpConfig, startSmtpReceiver } from '../support/smtp-receiver';
import { appOrigin, registerPasskey } from '../support/passkeys';
import { signUp as signUpUser } from '../support/accounts';
import { repoRoot, runCli, type TestInstance } from '../support/instance';
import { artifactsDir, openPage, withInstanceBrowser, type TestPage } from './browser-support';
import { expectAccessible, signInContext } from './widget-checks';

let t: TestInstance, browser: Browser;
const adminEmail = uniqueEmail('console-admin');
const adminPassword = 'console admin passphrase 7';
let admin: SignedIn;
const browserTestTimeout = 120_000;

withInstanceBrowser(async (started) => {
  ({ t, browser } = started);
  const added = await runCli(['admins', 'add', adminEmail, '--password-stdin', ...t.databaseArgs], { stdin: adminPassword });
  expect(added.code).toBe(0);
  admin = await signIn(t, t.internal, adminEmail, adminPassword);
});

/** A browser context signed in to the internal project as the CLI-made admin. */
async function openAsAdmin(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<TestPage> {
  const opened = await openPage(browser, options);
  await signInContext(t, t.internal, opened.context, admin.user_id);
  return opened;
}

/** A project the admin owns, made through the API, with `users` users signed up by the server. */
async function ownedProject(name: string, users = 0): Promise<{ id: string; emails: string[] }> {
  const project = await createOwnedProject(t, admin, { display_name: name });
  const emails: string[] = [];
  for (let i = 0; i < users; i++) {
    const email = uniqueEmail(`console-user-${i}`);
    emails.push(email);
    const res = await call(t, 'POST', '/users', {
      headers: ownerHeaders(project.id, admin.access_token, 'server'),
      body: { primary_email: email, primary_email_auth_enabled: true, display_name: `Person ${String(i).padStart(2, '0')}` },
    });
    expectOk(res, 201);
  }
  return { id: project.id, emails };
}

function asOwner(projectId: string) {
  return ownerHeaders(projectId, admin.access_token);
}

/** axe in light and dark at 390 and 1280 px, with a screenshot of each under test-artifacts/browser. */
async function reviewPage(path: string, ready: (page: Page) => Promise<void>, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    const opened = await openAsAdmin({ colorScheme });
    for (const width of [390, 1280]) {
      await opened.page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await opened.page.goto(`${t.url}${path}`);
      await ready(opened.page);
      await expectAccessible(opened.page);
      await opened.page.screenshot({ path: join(artifactsDir, `console-${name}-${colorScheme}-${width}.png`), fullPage: true });
    }
    await opened.closeWithoutProblems();
  }
}

async function signInOnInternalScreen(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/projects/${t.internal.projectId}/handler/sign-in`);
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('who gets in', () => {
  test(
    'an admin made by `authd admins add` signs in through the internal project sign-in and lands on the console',
    async () => {
      const opened = await openPage(browser);
      await opened.page.goto(`${t.url}/admin`);
      await signInOnInternalScreen(opened.page, adminEmail, adminPassword);
      await opened.page.waitForURL((url) => url.pathname === '/admin');
      await opened.page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
      expect(await opened.page.getByTestId('signed-in-admin').innerText()).toBe(adminEmail);
      await expectAccessible(opened.page);
      // Signing out ends the session: the console asks for sign-in again, and returns there after.
      await opened.page.getByRole('button', { name: 'Sign out' }).click();
      await opened.page.waitForURL((url) => url.pathname === `/projects/${t.internal.projectId}/handler/sign-in`);
      expect(new URL(opened.page.url()).searchParams.get('after_auth_return_to')).toBe('/admin');
      await opened.page.goto(`${t.url}/admin/projects/${crypto.randomUUID()}/domains`);
      await opened.page.waitForURL((url) => url.pathname === `/projects/${t.internal.projectId}/handler/sign-in`);
      await opened.closeWithoutProblems();
    },
    browserTestTimeout,
  );

  test(
    'a user who signed up to the internal project but is not an admin is refused with a page that says so',
    async () => {
      const email = uniqueEmail('console-not-admin');
      const signUp = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.internal, 'client'), body: { email, password: goodPassword } });
      expectOk(signUp);
      for (const colorScheme of ['light', 'dark'] as const) {
        const opened = await openPage(browser, { colorScheme });
        await opened.page.goto(`${t.url}/admin/projects/${crypto.randomUUID()}/users`);
        await signInOnInternalScreen(opened.page, email, goodPassword);
        await opened.page.getByTestId('console-refused').waitFor();
        expect(await opened.page.getByRole('heading', { level: 1 }).innerText()).toBe('Not an admin');
        expect(await opened.page.getByTestId('console-refused').innerText()).toContain('authd admins add');
        // Nothing of the console itself was shown: no project navigation, no page.
        expect(await opened.page.getByRole('navigation', { name: 'Project' }).count()).toBe(0);
        await expectAccessible(opened.page);
        await opened.screenshot(`console-refused-${colorScheme}`);
        // Its way out signs them out and back to the internal project's sign-in.
        await opened.page.getByRole('button', { name: 'Sign out and use another account' }).click();
        await opened.page.waitForURL((url) => url.pathname === `/projects/${t.internal.projectId}/handler/sign-in`);
        expect((await opened.context.cookies()).filter((c) => c.name === `stack-refresh-${t.internal.projectId}` && c.value !== '')).toEqual([]);
        await opened.closeWithoutProblems();
      }
    },
    browserTestTimeout,
  );

  test(
    "a user of another project is refused: signed in there, the console still asks for the internal project's sign-in, which does not know them",
    async () => {
      const email = uniqueEmail('console-demo-user');
      const signUp = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password: goodPassword } });
      const demoUser = expectOk(signUp);
      const opened = await openPage(browser);
      await signInContext(t, t.demo!, opened.context, demoUser.user_id);
      await opened.page.goto(`${t.url}/admin`);
      await signInOnInternalScreen(opened.page, email, goodPassword);
      await opened.page.getByText('Wrong e-mail or password', { exact: false }).waitFor();
      expect(new URL(opened.page.url()).pathname).toBe(`/projects/${t.internal.projectId}/handler/sign-in`);
      // And their token, sent as an admin token, is refused by the API the console uses.
      const asAdmin = await call(t, 'GET', '/projects/current', { headers: ownerHeaders(t.demo!.projectId, demoUser.access_token) });
      expect(asAdmin.headers.get('x-stack-known-error')).toBe('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
      await opened.closeWithoutProblems();
    },
    browserTestTimeout,
  );
});

describe('projects', () => {
  test(
    'empty, then create one (listed, and in the API), then delete it after typing its name',
    async () => {
      const fresh = uniqueEmail('console-fresh-admin');
      expect((await runCli(['admins', 'add', fresh, '--password-stdin', ...t.databaseArgs], { stdin: adminPassword })).code).toBe(0);
      const freshAdmin = await signIn(t, t.internal, fresh, adminPassword);
      const opened = await openPage(browser);
      await signInContext(t, t.internal, opened.context, freshAdmin.user_id);
      const { page } = opened;
      await page.goto(`${t.url}/admin`);
      await page.getByTestId('empty-state').getByText('No projects yet').waitFor();
      await page.screenshot({ path: join(artifactsDir, 'console-projects-empty.png') });

      await page.getByRole('button', { name: 'Create project' }).click();
      await page.getByText('Give the project a name.').waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill('Console made');
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.getByTestId('project-card').getByText('Console made').waitFor();
      const owned = expectOk(await call(t, 'GET', '/internal/projects', { headers: as(t.internal, 'client', freshAdmin.access_token) })).items;
      expect(owned.map((p: any) => p.display_name)).toEqual(['Console made']);

      await page.getByRole('button', { name: 'Delete project' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      await expectAccessible(page);
      await page.screenshot({ path: join(artifactsDir, 'console-delete-project-dialog.png') });
      const confirm = dialog.getByRole('button', { name: 'Delete project' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox').fill('Console mad');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox').fill('Console made');
      await confirm.click();
      await page.getByTestId('empty-state').getByText('No projects yet').waitFor();
      const after = await call(t, 'GET', '/projects/current', { headers: ownerHeaders(owned[0].id, freshAdmin.access_token) });
      expect(after.headers.get('x-stack-known-error')).toBe('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
      await opened.closeWithoutProblems();
    },
    browserTestTimeout,
  );

  test(
    'by keyboard alone: create a project, open its delete dialog, Escape closes it with focus back on its button, then delete',
    async () => {
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin`);
      await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Name' }).focus();
      await page.keyboard.type('Keyboard project');
      await page.keyboard.press('Enter');
      const card = page.getByTestId('project-card').filter({ hasText: 'Keyboard project' });
      await card.waitFor();
      // Tab from the card's link reaches its delete button.
      await card.getByRole('link', { name: 'Keyboard project' }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete project');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // Focus goes back to the button once the dialog has closed (a frame after it is hidden).
      await page.waitForFunction(() => document.activeElement?.textContent === 'Delete project');
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await dialog.getByRole('textbox').focus();
      await page.keyboard.type('Keyboard project');
      await page.keyboard.press('Enter');
      await card.waitFor({ state: 'detached' });
      const owned = expectOk(await call(t, 'GET', '/internal/projects', { headers: as(t.internal, 'client', admin.access_token) })).items;
      expect(owned.map((p: any) => p.display_name)).not.toContain('Keyboard project');
      await opened.closeWithoutProblems();
    },
    browserTestTimeout,
  );

  test(
    'axe and screenshots in both themes and widths, with projects listed',
    async () => {
      await ownedProject('Review project', 2);
      await reviewPage('/admin', (page) => page.getByTestId('project-list').waitFor(), 'projects');
    },
    browserTestTimeout,
  );
});

describe('overview', () => {
  test(
    "totals, today's sign-ups in the chart, the newest users linked; an empty project says so",
    async () => {
      const project = await ownedProject('Overview project', 3);
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}`);
      await page.waitForURL((url) => url.pathname === `/admin/projects/${project.id}/overview`);
      expect(await page.getByTestId('total-users').innerText()).toBe('3');
      expect(await page.getByTestId('recent-sign-ups').innerText()).toBe('3');
      const today = new Date().toISOString().slice(0, 10);
      expect(await page.getByTestId('sign-ups-chart').locator(`rect[data-date="${today}"]`).getAttribute('data-value')).toBe('3');
      expect(await page.getByTestId('sign-ups-chart').getAttribute('aria-label')).toBe(`Sign-ups per day: 3 in the last 31 days, most on ${today} (3).`);
      await page.getByRole('link', { name: 'Person 02' }).click();
      await page.getByRole('heading', { name: 'Person 02', level: 1 }).waitFor();
      await opened.closeWithoutProblems();

      const empty = await ownedProject('Empty overview');
      const second = await openAsAdmin({ colorScheme: 'dark' });
      await second.page.goto(`${t.url}/admin/projects/${empty.id}/overview`);
      await second.page.getByTestId('empty-state').getByText('No users yet').waitFor();
      expect(await second.page.getByTestId('total-users').innerText()).toBe('0');
      expect(await second.page.getByTestId('sign-ups-chart').getAttribute('aria-label')).toBe('Sign-ups per day: none in the last 31 days.');
      await expectAccessible(second.page);
      await second.close();
      await reviewPage(`/admin/projects/${project.id}/overview`, (p) => p.getByTestId('sign-ups-chart').waitFor(), 'overview');
    },
    browserTestTimeout * 2,
  );
});

describe('users', () => {
  test(
    'a table newest first, 25 a page with next and previous, and a search; loading, error (with retry) and empty states',
    async () => {
      const project = await ownedProject('Many users', 30);
      const opened = await openAsAdmin();
      const { page } = opened;
      // The first answer is held until the loading state has been seen; a later one fails on demand.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let first = true;
      let failNext = false;
      await page.route('**/api/v1/users?*', async (route) => {
        if (first) {
          first = false;
          await held;
          return route.continue();
        }
        if (failNext) {
          failNext = false;
          return route.abort('connectionrefused');
        }
        return route.continue();
      });
      await page.goto(`${t.url}/admin/projects/${project.id}/users`);
      await page.getByTestId('loading-state').waitFor();
      release();
      const rows = page.getByTestId('users-table').locator('tbody tr');
      await page.getByTestId('users-table').waitFor();
      expect(await rows.count()).toBe(25);
      expect(await rows.first().getByRole('link').innerText()).toBe('Person 29');

      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText('Person 04', { exact: true }).waitFor();
      expect(await rows.count()).toBe(5);
      expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
      failNext = true;
      await page.getByRole('button', { name: 'Previous page' }).click();
      await page.getByTestId('error-state').waitFor();
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByText('Person 29', { exact: true }).waitFor();
      expect(await rows.count()).toBe(25);

      await page.getByRole('searchbox', { name: 'Search by name, email or user id' }).fill(project.emails[7]!);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByTestId('users-table').getByText(project.emails[7]!).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="users-table"] tbody tr').length === 1);
      expect(await rows.first().innerText()).toContain(project.emails[7]!);
      await page.getByRole('searchbox').fill('nobody-by-this-name');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByTestId('empty-state').getByText('No user matches “nobody-by-this-name”').waitFor();

      // The filters: two users verified, one of them with MFA; no one signed up before today.
      const all = expectOk(await call(t, 'GET', '/users', { headers: asOwner(project.id) })).items as any[];
      const byEmail = (email: string) => all.find((u) => u.primary_email === email).id as string;
      for (const index of [3, 5]) {
        expectOk(await call(t, 'PATCH', `/users/${byEmail(project.emails[index]!)}`, { headers: asOwner(project.id), body: { primary_email_verified: true } }));
      }
      const secret = Buffer.from(new Uint8Array(20).fill(3)).toString('base64');
      expectOk(await call(t, 'PATCH', `/users/${byEmail(project.emails[5]!)}`, { headers: asOwner(project.id), body: { totp_secret_base64: secret } }));
      await page.getByRole('searchbox').fill('');
      await page.getByRole('combobox', { name: 'Email' }).selectOption('true');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('Person 05', { exact: true }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="users-table"] tbody tr').length === 2);
      await page.getByRole('combobox', { name: 'Multi-factor' }).selectOption('true');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="users-table"] tbody tr').length === 1);
      expect(await rows.first().getByRole('link').innerText()).toBe('Person 05');
      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await page.getByLabel('to (UTC day)').fill(yesterday);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByTestId('empty-state').getByText('No user matches these filters').waitFor();
      expect(opened.problems.filter((p) => !p.includes('ERR_CONNECTION_REFUSED') && !p.includes('Failed to load resource'))).toEqual([]);
      await opened.close();

      const empty = await ownedProject('No users');
      const second = await openAsAdmin();
      await second.page.goto(`${t.url}/admin/projects/${empty.id}/users`);
      await second.page.getByTestId('empty-state').getByText('No users yet').waitFor();
      await expectAccessible(second.page);
      await second.close();
      await reviewPage(`/admin/projects/${project.id}/users`, (p) => p.getByTestId('users-table').waitFor(), 'users');
    },
    browserTestTimeout * 2,
  );

  test(
    'user detail: profile, contact channels, metadata editors that refuse bad JSON, sessions ended one and all, delete',
    async () => {
      const project = await ownedProject('Detail project', 1);
      const users = expectOk(await call(t, 'GET', '/users', { headers: asOwner(project.id) })).items;
      const userId = users[0].id as string;
      const team = expectOk(await call(t, 'POST', '/teams', { headers: asOwner(project.id), body: { display_name: 'Detail team' } }), 201);
      expectOk(await call(t, 'POST', `/team-memberships/${team.id}/${userId}`, { headers: asOwner(project.id), body: {} }), 201);
      // An authenticator app's secret (20 bytes), so the user has MFA on.
      const totpSecret = Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('base64');
      expectOk(await call(t, 'PATCH', `/users/${userId}`, { headers: asOwner(project.id), body: { totp_secret_base64: totpSecret } }));
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/users`);
      await page.getByRole('link', { name: 'Person 00' }).click();
      await page.getByRole('heading', { name: 'Person 00', level: 1 }).waitFor();
      await page.getByTestId('contact-channels').getByText(project.emails[0]!).waitFor();

      await page.getByRole('textbox', { name: 'Display name' }).fill('Renamed Person');
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByText('Saved.').first().waitFor();
      expect(expectOk(await call(t, 'GET', `/users/${userId}`, { headers: asOwner(project.id) })).display_name).toBe('Renamed Person');

      const editor = page.getByTestId('server-metadata');
      const save = editor.getByRole('button', { name: 'Save server metadata' });
      expect(await save.isDisabled()).toBe(true);
      await editor.getByRole('textbox').fill('{"plan": "pro",');
      await editor.getByText('Not valid JSON', { exact: false }).waitFor();
      expect(await editor.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
      expect(await save.isDisabled()).toBe(true);
      await editor.getByRole('textbox').fill('{"plan": "pro", "seats": 3}');
      await save.click();
      await editor.getByText('Saved.').waitFor();
      expect(expectOk(await call(t, 'GET', `/users/${userId}`, { headers: asOwner(project.id) })).server_metadata).toEqual({ plan: 'pro', seats: 3 });
      await expectAccessible(page);

      // Sign-in and security: a password set (the API's own rule refuses a long one), MFA off,
      // a reset email queued; the teams the user is in; the user's audit events.
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Type the new password first.').waitFor();
      await page.getByLabel('New password').fill('x'.repeat(300));
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Password too long', { exact: false }).waitFor();
      expect(expectOk(await call(t, 'GET', `/users/${userId}`, { headers: asOwner(project.id) })).has_password).toBe(false);
      await page.getByLabel('New password').fill('quiet lanterns over marble');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Password set. The user was signed out everywhere.').waitFor();
      expect(expectOk(await call(t, 'GET', `/users/${userId}`, { headers: asOwner(project.id) })).has_password).toBe(true);
      await page.getByRole('button', { name: 'Turn multi-factor off' }).click();
      await page.getByText('Multi-factor sign-in turned off.').waitFor();
      expect(expectOk(await call(t, 'GET', `/users/${userId}`, { headers: asOwner(project.id) })).requires_totp_mfa).toBe(false);
      await page.getByRole('button', { name: 'Send a password reset email' }).click();
      await page.getByText(`A password reset email was sent to ${project.emails[0]}.`).waitFor();
      expect((await queuedMessagesOnceThere(t, project.emails[0]!))[0]!.subject).toContain('Reset');
      await page.getByTestId('user-teams').getByRole('link', { name: 'Detail team' }).waitFor();
      await page.reload();
      await page.getByTestId('user-audit-table').getByText('password.changed').first().waitFor();
      await page.getByTestId('user-audit-table').getByText('mfa.disabled').waitFor();
      // Password and MFA changes ended the sessions made above; new ones for the steps below.
      for (let i = 0; i < 3; i++) {
        expectOk(await call(t, 'POST', '/auth/sessions', { headers: asOwner(project.id), body: { user_id: userId } }));
      }
      await page.reload();
      await page.getByTestId('sessions-table').waitFor();

      const sessionRows = page.getByTestId('sessions-table').locator('tbody tr');
      expect(await sessionRows.count()).toBe(3);
      await sessionRows.first().getByRole('button', { name: 'End session' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="sessions-table"] tbody tr').length === 2);
      const listSessions = async () => expectOk(await call(t, 'GET', `/auth/sessions?user_id=${userId}`, { headers: asOwner(project.id) })).items;
      expect((await listSessions()).length).toBe(2);
      await page.getByRole('button', { name: 'End all sessions' }).click();
      await page.getByText('No active sessions').waitFor();
      expect(await listSessions()).toEqual([]);

      await page.getByRole('button', { name: 'Delete user' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('textbox').fill(project.emails[0]!);
      await dialog.getByRole('button', { name: 'Delete user' }).click();
      await page.waitForURL((url) => url.pathname === `/admin/projects/${project.id}/users`);
      await page.getByText('No users yet').waitFor();
      expect((await call(t, 'GET', `/users/${userId}`, { headers: asOwner(project.id) })).headers.get('x-stack-known-error')).toBe('USER_NOT_FOUND');
      await opened.closeWithoutProblems();

      const reviewed = await ownedProject('Detail review', 1);
      const reviewedUser = expectOk(await call(t, 'GET', '/users', { headers: asOwner(reviewed.id) })).items[0].id;
      expectOk(await call(t, 'POST', '/auth/sessions', { headers: asOwner(reviewed.id), body: { user_id: reviewedUser } }));
      await reviewPage(`/admin/projects/${reviewed.id}/users/${reviewedUser}`, (p) => p.getByTestId('sessions-table').waitFor(), 'user-detail');
    },
    browserTestTimeout * 2,
  );
});

describe('teams', () => {
  test(
    'empty, create a team, add a member by email (and a clear refusal for an unknown one), remove them, invite and revoke, delete the team',
    async () => {
      const project = await ownedProject('Teams project', 2);
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/teams`);
      await page.getByTestId('empty-state').getByText('No teams yet').waitFor();
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.getByText('Give the team a name.').waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill('Support');
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.getByRole('link', { name: 'Support' }).click();
      await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
      const teamId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByText('No members yet').waitFor();
      await page.getByText('No open invitations').waitFor();

      await page.getByRole('textbox', { name: 'Add a user by email' }).fill('nobody@example.com');
      await page.getByRole('button', { name: 'Add member' }).click();
      await page.getByText('No user of this project has the email nobody@example.com.').waitFor();
      await page.getByRole('textbox', { name: 'Add a user by email' }).fill(project.emails[1]!.toUpperCase());
      await page.getByRole('button', { name: 'Add member' }).click();
      await page.getByTestId('members-table').getByText('Person 01').waitFor();
      const membersOf = async () =>
        expectOk(await call(t, 'GET', `/users?team_id=${teamId}`, { headers: asOwner(project.id) })).items.map((u: any) => u.primary_email);
      expect(await membersOf()).toEqual([project.emails[1]]);
      await expectAccessible(page);

      await page.getByRole('button', { name: `Remove ${project.emails[1]} from the team` }).click();
      await page.getByText('No members yet').waitFor();
      expect(await membersOf()).toEqual([]);

      await page.getByRole('textbox', { name: 'Invite by email' }).fill('invitee@example.com');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByTestId('invitations-table').getByText('invitee@example.com').waitFor();
      const invitationsOf = async () =>
        expectOk(await call(t, 'GET', `/team-invitations?team_id=${teamId}`, { headers: asOwner(project.id) })).items.map((i: any) => i.recipient_email);
      expect(await invitationsOf()).toEqual(['invitee@example.com']);
      await page.getByRole('button', { name: 'Revoke the invitation to invitee@example.com' }).click();
      await page.getByText('No open invitations').waitFor();
      expect(await invitationsOf()).toEqual([]);

      await page.getByRole('button', { name: 'Delete team' }).click();
      await page.getByRole('alertdialog').getByRole('textbox').fill('Support');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete team' }).click();
      await page.getByText('No teams yet').waitFor();
      expect((await call(t, 'GET', `/teams/${teamId}`, { headers: asOwner(project.id) })).headers.get('x-stack-known-error')).toBe('TEAM_NOT_FOUND');
      await opened.closeWithoutProblems();

      const reviewed = await ownedProject('Teams review', 1);
      const team = expectOk(await call(t, 'POST', '/teams', { headers: asOwner(reviewed.id), body: { display_name: 'Reviewed team' } }), 201);
      const member = expectOk(await call(t, 'GET', '/users', { headers: asOwner(reviewed.id) })).items[0].id;
      expectOk(await call(t, 'POST', `/team-memberships/${team.id}/${member}`, { headers: asOwner(reviewed.id), body: {} }), 201);
      await reviewPage(`/admin/projects/${reviewed.id}/teams`, (p) => p.getByTestId('teams-table').waitFor(), 'teams');
      await reviewPage(`/admin/projects/${reviewed.id}/teams/${team.id}`, (p) => p.getByTestId('members-table').waitFor(), 'team-detail');
    },
    browserTestTimeout * 2,
  );
});

describe('permissions', () => {
  test(
    'the built-in $ permissions shown and not editable; create one (a bad id refused by the API), edit what it contains, delete it',
    async () => {
      const project = await ownedProject('Permissions project');
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/permissions`);
      const table = page.getByTestId('permissions-table');
      await table.waitFor();
      const builtIn = table.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: '$read_members' }) });
      expect(await builtIn.innerText()).toContain('built in');
      expect(await builtIn.getByRole('button').count()).toBe(0);

      const form = page.getByRole('form', { name: 'New permission' });
      await form.getByRole('textbox', { name: 'Id' }).fill('Bad Id');
      await form.getByRole('button', { name: 'Create permission' }).click();
      await form.getByRole('alert').waitFor();
      expect(await form.getByRole('alert').innerText()).toContain('Only lowercase letters');
      await form.getByRole('textbox', { name: 'Id' }).fill('read_reports');
      await form.getByRole('textbox', { name: 'Description' }).fill('Read the reports');
      await form.getByRole('button', { name: 'Create permission' }).click();
      await page.getByText('read_reports created.').waitFor();
      const definitions = async () =>
        expectOk(await call(t, 'GET', '/team-permission-definitions', { headers: asOwner(project.id) })).items as any[];
      expect((await definitions()).find((d) => d.id === 'read_reports')).toMatchObject({ description: 'Read the reports', contained_permission_ids: [] });

      await page.getByRole('button', { name: 'Edit read_reports' }).click();
      const editor = page.getByRole('form', { name: 'Edit read_reports' });
      await editor.getByRole('checkbox', { name: '$read_members' }).check();
      await editor.getByRole('button', { name: 'Save permission' }).click();
      await page.getByText('read_reports saved.').waitFor();
      expect((await definitions()).find((d) => d.id === 'read_reports').contained_permission_ids).toEqual(['$read_members']);
      await expectAccessible(page);

      await table.locator('tbody tr').filter({ hasText: 'read_reports' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('textbox').fill('read_reports');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('read_reports deleted.').waitFor();
      expect((await definitions()).map((d) => d.id)).not.toContain('read_reports');
      await opened.closeWithoutProblems();
      await reviewPage(`/admin/projects/${project.id}/permissions`, (p) => p.getByTestId('permissions-table').waitFor(), 'permissions');
    },
    browserTestTimeout * 2,
  );
});

describe('API keys', () => {
  test(
    'empty, then create a set (keys shown once, and they work), listed by last four, revoked (and refused after)',
    async () => {
      const project = await ownedProject('Keys project');
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/api-keys`);
      await page.getByTestId('empty-state').getByText('No key sets').waitFor();
      await page.getByRole('textbox', { name: 'Description' }).fill('Web app');
      await page.getByRole('button', { name: 'Create keys' }).click();
      const secret = await page.getByTestId('created-ssk').innerText();
      const publishable = await page.getByTestId('created-pck').innerText();
      expect(secret).toMatch(/^ssk_/);
      const serverCall = () =>
        call(t, 'GET', '/users', {
          headers: { 'x-stack-project-id': project.id, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': secret },
        });
      expect((await serverCall()).status).toBe(200);
      const rows = page.getByTestId('key-sets-table').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.first().innerText()).toContain(`ssk_…${secret.slice(-4)}`);
      expect(await rows.first().innerText()).toContain(`pck_…${publishable.slice(-4)}`);
      await expectAccessible(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await opened.screenshot('console-api-keys-created-390');
      await page.getByRole('button', { name: 'I have copied them' }).click();
      expect(await page.getByTestId('created-keys').count()).toBe(0);

      await rows.first().getByRole('button', { name: 'Revoke' }).click();
      await rows.first().getByRole('button', { name: 'Revoke for good' }).click();
      await rows.first().getByText('revoked').waitFor();
      expect((await serverCall()).headers.get('x-stack-known-error')).toBe('INVALID_SECRET_SERVER_KEY');
      await opened.closeWithoutProblems();
      await reviewPage(`/admin/projects/${project.id}/api-keys`, (p) => p.getByTestId('key-sets-table').waitFor(), 'api-keys');
    },
    browserTestTimeout * 2,
  );
});

describe('OIDC clients', () => {
  test(
    'empty, then register a confidential client (secret shown once, and it authenticates) and a public one, edit, delete after typing its name',
    async () => {
      const project = await ownedProject('OIDC project');
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/oidc-clients`);
      await page.getByTestId('empty-state').getByText('No OIDC clients').waitFor();
      await page.getByRole('textbox', { name: 'Name (shown on the consent screen)' }).fill('Grafana');
      await page.getByRole('textbox', { name: 'Redirect URIs, one a line (exact match)' }).fill('https://grafana.example.com/login/generic_oauth');
      await page.getByRole('button', { name: 'Register app' }).click();
      const clientId = await page.getByTestId('created-client-id').innerText();
      const secret = await page.getByTestId('created-client-secret').innerText();
      expect(clientId).toMatch(/^oidc_/);
      expect(secret).toMatch(/^oidcs_/);
      // The secret authenticates the client at the token endpoint (a bad code, not a bad client).
      const issuer = await page.getByTestId('created-issuer').innerText();
      const token = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`${clientId}:${secret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: 'nope', redirect_uri: 'https://grafana.example.com/login/generic_oauth' }),
      });
      expect(((await token.json()) as { error: string }).error).toBe('invalid_grant');
      const rows = page.getByTestId('oidc-clients-table').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.first().innerText()).toContain('confidential');
      await expectAccessible(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await opened.screenshot('console-oidc-clients-created-390');
      await page.getByRole('button', { name: 'I have copied it' }).click();
      expect(await page.getByTestId('created-client').count()).toBe(0);

      // A public client has no secret.
      await page.getByRole('textbox', { name: 'Name (shown on the consent screen)' }).fill('Single-page app');
      await page.getByRole('textbox', { name: 'Redirect URIs, one a line (exact match)' }).fill('http://localhost:5173/callback');
      await page.getByRole('checkbox', { name: /^Public client/ }).check();
      await page.getByRole('button', { name: 'Register app' }).click();
      await page.getByTestId('created-client').getByText('Single-page app is registered').waitFor();
      expect(await page.getByTestId('created-client-secret').count()).toBe(0);
      await page.getByRole('button', { name: 'Done' }).click();
      await rows.nth(1).waitFor();

      // Edit: another redirect URI, no teams scope, first-party.
      await page.getByRole('button', { name: 'Edit Grafana' }).click();
      const form = page.getByTestId('edit-oidc-client');
      await form.getByRole('textbox').fill('https://grafana.example.com/login/generic_oauth\nhttps://grafana2.example.com/login/generic_oauth');
      await form.getByRole('checkbox', { name: 'teams' }).uncheck();
      await form.getByRole('checkbox', { name: 'First-party (no consent screen)' }).check();
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Grafana saved.').waitFor();
      const saved = await call(t, 'GET', `/oidc-clients/${clientId}`, { headers: asOwner(project.id) });
      expectOk(saved);
      expect(saved.json).toMatchObject({
        redirect_uris: ['https://grafana.example.com/login/generic_oauth', 'https://grafana2.example.com/login/generic_oauth'],
        allowed_scopes: ['openid', 'profile', 'email', 'offline_access'],
        first_party: true,
      });
      // A bad redirect URI is the API's message, and changes nothing.
      await page.getByRole('button', { name: 'Edit Grafana' }).click();
      await form.getByRole('textbox').fill('not a url');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByRole('alert').waitFor();
      expect((await call(t, 'GET', `/oidc-clients/${clientId}`, { headers: asOwner(project.id) })).json.redirect_uris).toHaveLength(2);
      await form.getByRole('button', { name: 'Cancel' }).click();

      await rows.filter({ hasText: 'Grafana' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('textbox').fill('Grafana');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Grafana deleted.').waitFor();
      expect((await call(t, 'GET', `/oidc-clients/${clientId}`, { headers: asOwner(project.id) })).status).toBe(404);
      await opened.closeWithoutProblems();
      await reviewPage(`/admin/projects/${project.id}/oidc-clients`, (p) => p.getByTestId('oidc-clients-table').waitFor(), 'oidc-clients');
    },
    browserTestTimeout * 2,
  );
});

describe('domains', () => {
  test(
    "the API's relative_fix_url opens this page; add a domain, turn localhost off, and the production checks clear",
    async () => {
      const project = await ownedProject('Domains project');
      const view = expectOk(await call(t, 'GET', '/projects/current', { headers: asOwner(project.id) }));
      const fixUrl = view.production_mode_errors[0].relative_fix_url as string;
      expect(fixUrl).toBe(`/projects/${project.id}/domains`);
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}${fixUrl}`);
      await page.waitForURL((url) => url.pathname === `/admin/projects/${project.id}/domains`);
      await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
      await page.getByTestId('empty-state').getByText('No trusted domains').waitFor();
      expect(await page.getByTestId('production-readiness').innerText()).toContain('Localhost is allowed');

      await page.getByRole('textbox', { name: 'Domain' }).fill('http://app.example.com');
      await page.getByRole('button', { name: 'Add domain' }).click();
      await page.getByText('A trusted domain must start with https://.').waitFor();
      await page.getByRole('textbox', { name: 'Domain' }).fill('https://app.example.com');
      await page.getByRole('button', { name: 'Add domain' }).click();
      await page.getByTestId('domains-table').getByText('https://app.example.com').waitFor();
      await page.getByRole('checkbox', { name: /Allow redirects to localhost/ }).uncheck();
      await page.getByText('Nothing here stands in the way of production mode.').waitFor();
      const after = expectOk(await call(t, 'GET', '/projects/current', { headers: asOwner(project.id) }));
      expect(after.config.domains).toEqual([{ domain: 'https://app.example.com', handler_path: '/handler' }]);
      expect(after.config.allow_localhost).toBe(false);
      expect(after.production_mode_errors).toEqual([]);
      await opened.closeWithoutProblems();
      await reviewPage(`/admin/projects/${project.id}/domains`, (p) => p.getByTestId('domains-table').waitFor(), 'domains');
    },
    browserTestTimeout * 2,
  );
});

describe('webhooks', () => {
  test(
    'add an endpoint (secret shown once), see a failing delivery with its attempts, retry it to success, remove the endpoint',
    async () => {
      const receiver = startWebhookReceiver();
      try {
        const project = await ownedProject('Webhooks project');
        const opened = await openAsAdmin();
        const { page } = opened;
        await page.goto(`${t.url}/admin/projects/${project.id}/webhooks`);
        await page.getByTestId('empty-state').getByText('No endpoints').waitFor();
        await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
        await page.getByRole('textbox', { name: 'Description' }).fill('Test receiver');
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        receiver.secret = (await page.getByTestId('endpoint-secret').locator('code').innerText()).trim();
        expect(receiver.secret).toStartWith('whsec_');
        const endpoints = async () => expectOk(await call(t, 'GET', '/webhooks/endpoints', { headers: asOwner(project.id) })).items as any[];
        const [endpoint] = await endpoints();
        expect(endpoint).toMatchObject({ url: receiver.url, description: 'Test receiver' });
        await page.getByRole('button', { name: 'I have copied it' }).click();

        receiver.failNext(1000, 503);
        expectOk(await call(t, 'POST', '/users', { headers: ownerHeaders(project.id, admin.access_token, 'server'), body: { primary_email: uniqueEmail('console-hook') } }), 201);
        await pollUntil(
          async () => expectOk(await call(t, 'GET', `/webhooks/endpoints/${endpoint.id}/deliveries`, { headers: asOwner(project.id) })).items as any[],
          (items) => items.some((d) => d.attempts >= 1),
        );
        await page.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
        const row = page.getByTestId('deliveries-table').locator('tbody tr').filter({ hasText: 'user.created' });
        await row.getByText('HTTP 503').first().waitFor();
        await expectAccessible(page);

        receiver.failNext(0);
        await row.getByRole('button', { name: 'Retry' }).click();
        await page.getByText('Retried user.created: succeeded (HTTP 200).').waitFor();
        await row.getByText('succeeded').waitFor();
        await row.getByText('HTTP 200').first().waitFor();
        expect((await receiver.waitFor((event) => event.type === 'user.created')).answeredStatus).toBe(200);

        await page.getByRole('button', { name: `Remove ${receiver.url}` }).click();
        await page.getByRole('button', { name: 'Remove for good' }).click();
        await page.getByTestId('empty-state').getByText('No endpoints').waitFor();
        expect(await endpoints()).toEqual([]);
        expect(receiver.rejected).toEqual([]);
        await opened.closeWithoutProblems();
        await reviewPage(`/admin/projects/${project.id}/webhooks`, (p) => p.getByText('No endpoints').waitFor(), 'webhooks');
      } finally {
        await receiver.stop();
      }
    },
    browserTestTimeout * 2,
  );
});

describe('audit log', () => {
  test(
    "newest first, filtered by event, user and dates; live mode shows a new event without a reload",
    async () => {
      const project = await ownedProject('Audit project', 2);
      const users = expectOk(await call(t, 'GET', '/users', { headers: asOwner(project.id) })).items as any[];
      expectOk(await call(t, 'PATCH', `/users/${users[0].id}`, { headers: asOwner(project.id), body: { password: 'quiet lanterns over marble' } }));
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/audit-log`);
      const rows = page.getByTestId('audit-table').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.first().innerText()).toContain('password.changed');
      expect(await page.getByTestId('audit-table').getByText('user.created').count()).toBe(2);

      await page.getByRole('combobox', { name: 'Event' }).selectOption('user.created');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByTestId('audit-table').getByText('password.changed').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-table"] tbody tr').length === 2);

      await page.getByRole('combobox', { name: 'Event' }).selectOption('');
      await page.getByRole('textbox', { name: 'User id' }).fill(users[1].id);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-table"] tbody tr').length === 1);
      expect(await rows.first().innerText()).toContain('user.created');

      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await page.getByRole('textbox', { name: 'User id' }).fill('');
      await page.getByLabel('To (UTC day)').fill(yesterday);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText('No event matches these filters').waitFor();
      await page.getByLabel('To (UTC day)').fill('');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await rows.first().waitFor();

      await page.getByRole('checkbox', { name: /^Live/ }).check();
      const email = uniqueEmail('console-audit-live');
      expectOk(await call(t, 'POST', '/users', { headers: ownerHeaders(project.id, admin.access_token, 'server'), body: { primary_email: email } }), 201);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-table"] tbody tr').length === 4);
      expect(await rows.first().innerText()).toContain('user.created');
      await opened.closeWithoutProblems();
      await reviewPage(`/admin/projects/${project.id}/audit-log`, (p) => p.getByTestId('audit-table').waitFor(), 'audit-log');
    },
    browserTestTimeout * 2,
  );
});

describe('sign-in methods and settings', () => {
  test(
    'switches save at once (methods, sign-up, an OAuth provider on shared keys), as the API then reports',
    async () => {
      const project = await ownedProject('Methods project');
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/sign-in-methods`);
      await page.getByRole('heading', { name: 'Sign-in methods', level: 1 }).waitFor();
      const config = async () => expectOk(await call(t, 'GET', '/projects/current', { headers: asOwner(project.id) })).config;
      expect((await config()).magic_link_enabled).toBe(false);
      await page.getByRole('checkbox', { name: /^Magic link and one-time code/ }).check();
      await page.getByText('Magic link and one-time code on.').waitFor();
      await page.getByRole('checkbox', { name: /^Sign-up/ }).uncheck();
      await page.getByText('Sign-up off.').waitFor();
      await page.getByRole('checkbox', { name: /^github/ }).check();
      await page.getByText('github sign-in on.').waitFor();
      let now = await config();
      expect(now.magic_link_enabled).toBe(true);
      expect(now.sign_up_enabled).toBe(false);
      expect(now.oauth_providers).toContainEqual(expect.objectContaining({ id: 'github', enabled: true, type: 'shared' }));
      await page.getByRole('checkbox', { name: /^github/ }).uncheck();
      await page.getByText('github sign-in off.').waitFor();
      now = await config();
      expect(now.oauth_providers).toContainEqual(expect.objectContaining({ id: 'github', enabled: false }));
      await opened.closeWithoutProblems();
      await reviewPage(`/admin/projects/${project.id}/sign-in-methods`, (p) => p.getByRole('checkbox', { name: /^Passkeys/ }).waitFor(), 'sign-in-methods');
    },
    browserTestTimeout * 2,
  );

  test(
    "settings: rename (the navigation follows), production mode refused while a check fails, then turned on",
    async () => {
      const project = await ownedProject('Settings project');
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/settings`);
      await page.getByRole('textbox', { name: 'Name' }).fill('Renamed project');
      await page.getByRole('textbox', { name: 'Description' }).fill('For the console test');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByTestId('project-name').getByText('Renamed project').waitFor();
      const view = async () => expectOk(await call(t, 'GET', '/projects/current', { headers: asOwner(project.id) }));
      expect(await view()).toMatchObject({ display_name: 'Renamed project', description: 'For the console test' });

      const production = page.getByRole('checkbox', { name: /^Production mode/ });
      await production.click();
      await page.getByRole('status').filter({ hasText: 'localhost' }).first().waitFor();
      expect(await production.isChecked()).toBe(false);
      expect((await view()).is_production_mode).toBe(false);
      expectOk(await call(t, 'PATCH', '/projects/current', { headers: asOwner(project.id), body: { config: { allow_localhost: false } } }));
      await page.reload();
      await page.getByRole('checkbox', { name: /^Production mode/ }).check();
      await page.getByText('Production mode is on.').waitFor();
      expect((await view()).is_production_mode).toBe(true);
      await opened.closeWithoutProblems();
      await reviewPage(`/admin/projects/${project.id}/settings`, (p) => p.getByRole('textbox', { name: 'Name' }).waitFor(), 'settings');
    },
    browserTestTimeout * 2,
  );
});

describe('emails', () => {
  test(
    "SMTP server and sender saved (the password write-only), a test email to the outbox then through the project's own server, a template's preview in a chosen language, edited and reset",
    async () => {
      const smtp = await startSmtpReceiver();
      const project = await ownedProject('Emails project');
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/emails`);
      await page.getByRole('heading', { name: 'Emails', level: 1 }).waitFor();
      const outbox = page.getByTestId('outbox-emails-table');
      await page.getByTestId('empty-state').getByText('The outbox is empty').waitFor();

      // Development without SMTP: the test email waits in the outbox.
      const outboxTo = uniqueEmail('console-outbox');
      await page.getByRole('textbox', { name: 'To', exact: true }).fill(outboxTo);
      await page.getByRole('button', { name: 'Send test email' }).click();
      await page.getByText(`The test email to ${outboxTo} is in the outbox below.`).waitFor();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await outbox.getByText(outboxTo).waitFor();
      await outbox.getByText('authd test email').click();
      await outbox.getByText('Its email settings work.', { exact: false }).waitFor();

      // The project's own server and sender; the password is never shown back.
      const port = Number(new URL(smtp.url).port);
      await page.getByRole('combobox', { name: 'Send through' }).selectOption('own');
      await page.getByRole('button', { name: 'Save email server' }).click();
      await page.getByText("Type the SMTP server's password.").waitFor();
      await page.getByRole('textbox', { name: 'SMTP host' }).fill('127.0.0.1');
      await page.getByRole('textbox', { name: 'Port' }).fill(String(port));
      const wanted = ownSmtpConfig(port);
      await page.getByRole('textbox', { name: 'Username' }).fill(wanted.username);
      await page.getByLabel('Password', { exact: true }).fill(wanted.password);
      await page.getByRole('textbox', { name: 'Sender name' }).fill(wanted.sender_name);
      await page.getByRole('textbox', { name: 'Sender address' }).fill(wanted.sender_email);
      await page.getByRole('button', { name: 'Save email server' }).click();
      await page.getByText('Emails are sent through 127.0.0.1.').waitFor();
      const stored = expectOk(await call(t, 'GET', '/projects/current', { headers: asOwner(project.id) })).config.email_config;
      expect(stored).toEqual(wanted);
      const secretBox = page.getByLabel('Password (stored; type a new one to replace it)');
      await secretBox.waitFor();
      expect(await secretBox.inputValue()).toBe('');
      expect(await page.content()).not.toContain(wanted.password);

      const smtpTo = uniqueEmail('console-smtp');
      await page.getByRole('textbox', { name: 'To', exact: true }).fill(smtpTo);
      await page.getByRole('button', { name: 'Send test email' }).click();
      await page.getByText(`127.0.0.1:${port} accepted the test email to ${smtpTo}.`).waitFor();
      expect((await smtp.waitFor(smtpTo)).subject).toBe('authd test email');

      // Templates: the server's own rendering, in the chosen language; edited, then reset.
      const subject = page.getByTestId('template-preview-subject');
      await page.getByRole('combobox', { name: 'Template' }).selectOption('password_reset');
      await page.getByText('Reset your password at Emails project').waitFor();
      await page.getByRole('combobox', { name: 'Preview in' }).selectOption('de');
      await page.waitForFunction(() => {
        const shown = document.querySelector('[data-testid="template-preview-subject"]')?.textContent ?? '';
        return shown.includes('Emails project') && !shown.startsWith('Reset your password');
      });
      const frame = page.frameLocator('iframe[title="Preview of the Password reset email"]');
      await frame.locator('html[lang="de"]').waitFor({ state: 'attached' });
      await frame.getByText('Emails project').first().waitFor();
      await page.getByTestId('template-preview').screenshot({ path: join(artifactsDir, 'console-emails-preview-de.png') });
      await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Reset now for {{ projectDisplayName }}');
      await page.getByRole('button', { name: 'Save subject' }).click();
      await page.getByText('Subject saved.').waitFor();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="template-preview-subject"]')?.textContent === 'Reset now for Emails project',
      );
      expect(expectOk(await call(t, 'GET', '/email-templates/password_reset', { headers: asOwner(project.id) })).is_default).toBe(
        false,
      );
      await page.getByRole('button', { name: 'Reset to the default' }).click();
      await page.getByText('The template is the default again.').waitFor();
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="template-preview-subject"]')?.textContent?.startsWith('Reset now'),
      );
      expect(await subject.innerText()).toContain('Emails project');
      expect(expectOk(await call(t, 'GET', '/email-templates/password_reset', { headers: asOwner(project.id) })).is_default).toBe(
        true,
      );
      await opened.closeWithoutProblems();
      await smtp.stop();
      await reviewPage(`/admin/projects/${project.id}/emails`, (p) => p.getByTestId('outbox-emails-table').waitFor(), 'emails');
    },
    browserTestTimeout * 2,
  );
});

describe('sign-in methods: own OAuth keys', () => {
  test(
    'a provider given its own client id and secret (the secret write-only, kept when left empty), then back to shared keys',
    async () => {
      const project = await ownedProject('Own keys project');
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/sign-in-methods`);
      const form = page.getByTestId('own-keys-form');
      await form.waitFor();
      const github = async () =>
        (
          expectOk(await call(t, 'GET', '/projects/current', { headers: asOwner(project.id) })).config.oauth_providers as any[]
        ).find((p) => p.id === 'github');
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('github');
      await form.getByRole('combobox', { name: 'Keys' }).selectOption('own');
      await form.getByRole('textbox', { name: 'Client id' }).fill('gh-client-1');
      await form.getByLabel('Client secret', { exact: true }).fill('gh-secret-1');
      await form.getByRole('button', { name: 'Save keys' }).click();
      await page.getByText('github uses your own keys.').waitFor();
      expect(await github()).toMatchObject({
        type: 'standard',
        enabled: true,
        client_id: 'gh-client-1',
        client_secret: 'gh-secret-1',
      });
      const secret = form.getByLabel('Client secret (stored; type a new one to replace it)');
      await secret.waitFor();
      expect(await secret.inputValue()).toBe('');
      await page.getByText('own keys').first().waitFor();

      await form.getByRole('textbox', { name: 'Client id' }).fill('gh-client-2');
      await form.getByRole('button', { name: 'Save keys' }).click();
      await pollUntil(github, (provider) => provider.client_id === 'gh-client-2');
      expect(await github()).toMatchObject({ client_id: 'gh-client-2', client_secret: 'gh-secret-1' });

      // A provider without shared keys offers only own keys; the API's refusal is shown.
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('facebook');
      expect(await form.getByRole('combobox', { name: 'Keys' }).locator('option').allInnerTexts()).toEqual(['Your own keys']);
      await form.getByRole('button', { name: 'Save keys' }).click();
      await page.getByText('client_id and client_secret are required', { exact: false }).waitFor();

      await form.getByRole('combobox', { name: 'Provider' }).selectOption('github');
      await form.getByRole('combobox', { name: 'Keys' }).selectOption('shared');
      await form.getByRole('button', { name: 'Save keys' }).click();
      await page.getByText("github uses authd's shared keys.").waitFor();
      expect(await github()).toMatchObject({ type: 'shared', enabled: true });

      // Microsoft's own keys take a tenant id, shown again when the provider is chosen again.
      const microsoft = async () =>
        (expectOk(await call(t, 'GET', '/projects/current', { headers: asOwner(project.id) })).config.oauth_providers as any[]).find(
          (p) => p.id === 'microsoft',
        );
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('microsoft');
      await form.getByRole('combobox', { name: 'Keys' }).selectOption('own');
      await form.getByRole('textbox', { name: 'Client id' }).fill('ms-client');
      await form.getByLabel('Client secret', { exact: true }).fill('ms-secret');
      await form.getByRole('textbox', { name: /^Tenant id/ }).fill('contoso.onmicrosoft.com');
      await form.getByRole('button', { name: 'Save keys' }).click();
      await page.getByText('microsoft uses your own keys.').waitFor();
      expect(await microsoft()).toMatchObject({ type: 'standard', client_id: 'ms-client', microsoft_tenant_id: 'contoso.onmicrosoft.com' });
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('github');
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('microsoft');
      expect(await form.getByRole('textbox', { name: /^Tenant id/ }).inputValue()).toBe('contoso.onmicrosoft.com');
      // Facebook's field is its configuration id; GitHub has none.
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('facebook');
      await form.getByRole('textbox', { name: /^Configuration id/ }).waitFor();
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('github');
      await form.getByRole('combobox', { name: 'Keys' }).selectOption('own');
      expect(await form.getByRole('textbox', { name: /^(Tenant|Configuration) id/ }).count()).toBe(0);
      await expectAccessible(page);
      expect(opened.problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
      await opened.close();
    },
    browserTestTimeout,
  );
});

describe('user detail: passkeys and recovery codes', () => {
  test(
    "the user's passkeys (name, created, last used) deleted in two steps, and how many recovery codes are left",
    async () => {
      const project = await ownedProject('Passkey project');
      expectOk(
        await call(t, 'PATCH', '/projects/current', {
          headers: asOwner(project.id),
          body: { config: { passkey_enabled: true } },
        }),
      );
      const keys = expectOk(
        await call(t, 'POST', '/internal/api-keys', {
          headers: asOwner(project.id),
          body: {
            description: 'test',
            expires_at_millis: Date.now() + 86_400_000,
            has_publishable_client_key: true,
            has_secret_server_key: true,
            has_super_secret_admin_key: false,
          },
        }),
      );
      const withKeys = { projectId: project.id, displayName: 'Passkey project', keys };
      const person = await signUpUser(t, withKeys, { email: uniqueEmail('passkey-person') });
      await registerPasskey(t, withKeys, person.access_token, appOrigin, 'Work laptop');
      const totpSecret = Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('base64');
      expectOk(await call(t, 'PATCH', `/users/${person.user_id}`, { headers: asOwner(project.id), body: { totp_secret_base64: totpSecret } }));
      const codes = expectOk(
        await call(t, 'POST', '/auth/mfa/recovery-codes', {
          headers: ownerHeaders(project.id, admin.access_token, 'server'),
          body: { user_id: person.user_id },
        }),
      );
      const opened = await openAsAdmin();
      const { page } = opened;
      await page.goto(`${t.url}/admin/projects/${project.id}/users/${person.user_id}`);
      const table = page.getByTestId('passkeys-table');
      await table.getByText('Work laptop').waitFor();
      expect(await table.locator('tbody tr').count()).toBe(1);
      expect(await table.locator('tbody tr td').nth(2).innerText()).toBe('never');
      await page.getByTestId('recovery-code-count').getByText(`${codes.codes.length} unused`).waitFor();
      await expectAccessible(page);
      await page.screenshot({ path: join(artifactsDir, 'console-user-passkeys-1280.png'), fullPage: true });

      await table.getByRole('button', { name: 'Delete the passkey Work laptop' }).click();
      await table.getByRole('button', { name: 'Delete for good' }).click();
      await page.getByText('Passkey Work laptop deleted.').waitFor();
      await page.getByTestId('empty-state').getByText('No passkeys').waitFor();
      expect(
        expectOk(
          await call(t, 'GET', `/passkeys?user_id=${person.user_id}`, {
            headers: ownerHeaders(project.id, admin.access_token, 'server'),
          }),
        ).items,
      ).toEqual([]);
      await opened.closeWithoutProblems();
    },
    browserTestTimeout,
  );
});

/** Past this many projects the Projects page warns, as Stack warns past 10 client apps. */
const manyClientAppsWarningAbove = 10;

describe('projects: many of them', () => {
  test(
    `past ${manyClientAppsWarningAbove} projects the Projects page warns, beside where projects are made`,
    async () => {
      const email = uniqueEmail('many-projects-admin');
      expect((await runCli(['admins', 'add', email, '--password-stdin', ...t.databaseArgs], { stdin: adminPassword })).code).toBe(
        0,
      );
      const many = await signIn(t, t.internal, email, adminPassword);
      for (let i = 0; i < manyClientAppsWarningAbove; i++) await createOwnedProject(t, many, { display_name: `App ${i}` });
      const opened = await openPage(browser);
      await signInContext(t, t.internal, opened.context, many.user_id);
      const { page } = opened;
      await page.goto(`${t.url}/admin`);
      await page
        .getByTestId('project-card')
        .nth(manyClientAppsWarningAbove - 1)
        .waitFor();
      expect(await page.getByTestId('many-projects-warning').count()).toBe(0);
      await page.getByRole('textbox', { name: 'Name' }).fill('One too many');
      await page.getByRole('button', { name: 'Create project' }).click();
      const warning = page.getByTestId('many-projects-warning');
      await warning.waitFor();
      expect(await warning.innerText()).toContain(
        `More than ${manyClientAppsWarningAbove} client apps. You own ${manyClientAppsWarningAbove + 1} projects.`,
      );
      await expectAccessible(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(artifactsDir, `console-projects-warning-light-${width}.png`) });
      }
      await opened.closeWithoutProblems();
    },
    browserTestTimeout,
  );
});

describe('budget and serving', () => {
  test(`first load of the console, signed in, is at most ${consoleFirstLoadBudgetBytes / 1000} KB of JavaScript and CSS (brotli), pages loaded on demand`, async () => {
    const project = await ownedProject('Budget project', 3);
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate, br' } });
    await signInContext(t, t.internal, context, admin.user_id);
    const page = await context.newPage();
    const seen: Promise<{ path: string; type: string; bytes: number; encoding: string }>[] = [];
    const track = (request: Request) =>
      seen.push(
        (async () => {
          const response = await request.response();
          const headers = (await response?.allHeaders()) ?? {};
          return {
            path: new URL(request.url()).pathname,
            type: headers['content-type'] ?? '',
            bytes: (await request.sizes()).responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
          };
        })(),
      );
    page.on('requestfinished', track);
    await page.goto(`${t.url}/admin`);
    await page.getByTestId('project-list').waitFor();
    await page.waitForLoadState('networkidle');
    const firstLoad = await Promise.all(seen.splice(0));
    const code = firstLoad.filter((r) => r.type.includes('javascript') || r.type.includes('css'));
    for (const r of code) expect(`${r.path} ${r.encoding}`).toEndWith(' br');
    const bytes = code.reduce((sum, r) => sum + r.bytes, 0);
    console.log(`console first load: ${(bytes / 1000).toFixed(1)} KB JS+CSS (brotli) in ${code.length} files`);
    expect(bytes).toBeLessThanOrEqual(consoleFirstLoadBudgetBytes);
    // The users page's code was not part of it: it comes when the page is opened.
    expect(code.some((r) => r.path.includes('users-page'))).toBe(false);
    await page.getByRole('link', { name: 'Budget project' }).click();
    await page.getByTestId('total-users').waitFor();
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByTestId('users-table').waitFor();
    await page.waitForLoadState('networkidle');
    const later = await Promise.all(seen);
    expect(later.some((r) => r.path.includes('overview-page'))).toBe(true);
    expect(later.some((r) => r.path.includes('users-page'))).toBe(true);
    await context.close();
  }, browserTestTimeout);

  test('the hosted sign-in bundles carry no console code', () => {
    const consoleChunks = readdirSync(join(repoRoot, 'dist', 'console', 'assets')).filter((f) => f.endsWith('.js'));
    expect(consoleChunks.some((f) => f.startsWith('users-page-'))).toBe(true);
    // Text only the console's sources (and TanStack Router, which only the console uses) contain.
    const consoleMarkers = ['authd-console-config', 'Copy your keys now', 'Not an admin', 'tsr-scroll-restoration'];
    const consoleText = consoleChunks.map((f) => readFileSync(join(repoRoot, 'dist', 'console', 'assets', f), 'utf8')).join('\n');
    for (const marker of consoleMarkers) expect(consoleText).toContain(marker);
    for (const runtime of ['preact', 'react']) {
      const assets = join(repoRoot, 'dist', 'hosted', runtime, 'assets');
      for (const file of readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css') || f.endsWith('.html'))) {
        const text = readFileSync(join(assets, file), 'utf8');
        for (const marker of consoleMarkers) expect(`${runtime}/${file}: ${text.includes(marker)}`).toBe(`${runtime}/${file}: false`);
      }
    }
  });

  test('assets: brotli or gzip by Accept-Encoding, immutable; the page revalidated; only GET and HEAD; nothing outside the build', async () => {
    const page = await fetch(`${t.url}/admin/projects/x/users`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const config = JSON.parse(html.match(/<script id="authd-console-config" type="application\/json">([^<]*)<\/script>/)![1]!);
    expect(config.internalProjectId).toBe(t.internal.projectId);
    expect(config.publishableClientKey).toMatch(/^pck_/);
    const entry = html.match(/src="(\/admin\/_assets\/main-[^"]+\.js)"/)![1]!;
    const brotli = await fetch(`${t.url}${entry}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gzip = await fetch(`${t.url}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const etag = gzip.headers.get('etag')!;
    expect((await fetch(`${t.url}${entry}`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${t.url}/admin`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${t.url}/admin/_assets/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/admin/_assets/${entry.split('/').pop()}.br`)).status).toBe(404);
    const fix = await fetch(`${t.url}/projects/abc/domains`, { redirect: 'manual' });
    expect(fix.status).toBe(302);
    expect(fix.headers.get('location')).toBe('/admin/projects/abc/domains');
    expect((await fetch(`${t.url}/projects/abc/elsewhere`, { redirect: 'manual' })).status).toBe(404);
  });

  test("every page of a project the console has is one the API's links may name: /projects/{id}/{page} redirects to it", async () => {
    // The console's own list of pages, read from its router (a page there and not in the list
    // would be a link that answers 404).
    const routerPages = [...readFileSync(join(repoRoot, 'ui/console/routes.tsx'), 'utf8').matchAll(/path: '\/([a-z-]+)'/g)].map((m) => m[1]!);
    expect(routerPages).toContain('emails');
    expect([...consolePagesOfProject].sort()).toEqual([...new Set(routerPages)].sort());
    for (const page of consolePagesOfProject) {
      const answer = await fetch(`${t.url}/projects/abc/${page}`, { redirect: 'manual' });
      expect(`${page}: ${answer.status} ${answer.headers.get('location')}`).toBe(`${page}: 302 /admin/projects/abc/${page}`);
    }
  });
});
