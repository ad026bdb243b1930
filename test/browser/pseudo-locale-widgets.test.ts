// The pseudo locale (`lang=en-XA`) on what the first pseudo-locale test cannot reach at 390 px:
// the passkey states (the sign-in screen's passkey button, the Security item's passkeys with a
// registered one, its removal question and the 'Confirm it's you' prompt with its refusal) on the
// hosted screens at http://localhost (WebAuthn needs a name), and the user button's and the
// selected-team switcher's open menus in a host app (examples/react-host with `?lang=en-XA`).
// Every word must come from the catalogue, none cut off or outside the viewport.
import { describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { recentAuthenticationWindowMillis } from '../../server/core/auth/recent-authentication';
import { as, call, shiftClock, uniqueEmail } from '../support/api-expectations';
import { startDemoHostApp } from '../support/host-apps';
import type { TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { addVirtualAuthenticator, launchBrowser, openPage, type TestPage } from './browser-support';
import { expectAllFromCatalogue } from './pseudo-locale-checks';
import { signInContext } from './widget-checks';

let t: TestInstance;
let browser: Browser;
let hostApp: ReturnType<typeof Bun.serve>;
let localUrl: string;
const password = 'correct horse battery';
const pages: TestPage[] = [];

withMailInstance(
  async (started) => {
    ({ t } = started);
    const enabled = await call(t, 'PATCH', '/projects/current', {
      headers: as(t.demo!, 'admin'),
      body: { config: { passkey_enabled: true, client_team_creation_enabled: true } },
    });
    expect(enabled.status).toBe(200);
    localUrl = t.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    hostApp = await startDemoHostApp(t);
  },
  {
    instance: { settings: { hostedScreensRuntime: 'preact' } },
    timeoutMillis: 180_000,
    beforeStop: async () => {
      for (const opened of pages) await opened.close().catch(() => undefined);
      await browser?.close();
      hostApp?.stop(true);
    },
  },
);

async function narrowPage(): Promise<TestPage> {
  const opened = await openPage(browser);
  pages.push(opened);
  await opened.page.setViewportSize({ width: 390, height: 844 });
  return opened;
}

async function signedUpUser(displayName?: string): Promise<{ id: string; email: string; refreshToken: string }> {
  const email = uniqueEmail('pseudo-widgets');
  const res = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password } });
  expect(res.status).toBe(200);
  if (displayName) {
    const named = await call(t, 'PATCH', `/users/${res.json.user_id}`, { headers: as(t.demo!, 'server'), body: { display_name: displayName } });
    expect(named.status).toBe(200);
  }
  return { id: res.json.user_id, email, refreshToken: res.json.refresh_token };
}

function collectPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('pseudo locale at 390 px, the remaining states', () => {
  test(
    "passkeys: the sign-in button, a registered passkey, its removal question and 'Confirm it's you' with its refusal",
    async () => {
      const user = await signedUpUser();
      const opened = await narrowPage();
      const { page, context } = opened;
      const problems = collectPageErrors(page);
      const data = ['Demo project', user.email, user.email[0]!.toUpperCase(), 'Chrome', 'Linux', '127.0.0.1'];
      await page.goto(`${localUrl}/handler/sign-in?lang=en-XA`);
      await page.getByTestId('passkey-sign-in').waitFor();
      await expectAllFromCatalogue(page, 'sign-in-passkeys', data);

      await context.addCookies([{ name: `stack-refresh-${t.demo!.projectId}`, value: encodeURIComponent(user.refreshToken), url: localUrl }]);
      await page.goto(`${localUrl}/handler/account-settings/security?lang=en-XA`);
      const section = page.getByTestId('passkeys-section');
      await section.getByTestId('passkeys-explanation').waitFor();
      await addVirtualAuthenticator(opened);
      await section.locator('form input').fill('Work laptop');
      await section.locator('form button[type="submit"]').click();
      const row = section.getByTestId('passkey-row');
      await row.getByText('Work laptop').waitFor();
      await expectAllFromCatalogue(page, 'settings-passkeys', [...data, 'Work laptop']);

      // Removing asks first (its question names the passkey, inside the message).
      await row.getByRole('button').last().click();
      await row.getByRole('button').nth(1).waitFor();
      await expectAllFromCatalogue(page, 'settings-passkey-remove', data);
      await row.getByRole('button').last().click();

      // A session older than the recent-sign-in window is asked to confirm it first.
      const restore = shiftClock(t, recentAuthenticationWindowMillis + 60_000);
      try {
        await page.reload();
        await row.getByText('Work laptop').waitFor();
        await row.getByRole('button').last().click();
        await row.getByRole('button').first().click();
        const prompt = row.getByTestId('reauthentication');
        await prompt.waitFor();
        await expectAllFromCatalogue(page, 'settings-reauthentication', data);
        await prompt.locator('input[type="password"]').fill('not my password');
        await prompt.locator('form button[type="submit"]').first().click();
        await prompt.getByRole('alert').waitFor();
        await expectAllFromCatalogue(page, 'settings-reauthentication-refused', data);
        // Nothing was removed.
        expect((await t.rows('select id from passkeys where user_id = ?', user.id)).length).toBe(1);
      } finally {
        restore();
      }
      expect(problems).toEqual([]);
    },
    150_000,
  );

  test(
    "a host app's user button and team switcher, both menus open",
    async () => {
      const user = await signedUpUser('Ada Lovelace');
      const team = await call(t, 'POST', '/teams', {
        headers: as(t.demo!, 'server'),
        body: { display_name: 'Pseudo team', creator_user_id: user.id },
      });
      expect(team.status).toBe(201);
      const hostUrl = `http://127.0.0.1:${hostApp.port}`;
      const { page, context } = await narrowPage();
      const problems = collectPageErrors(page);
      await signInContext(t, t.demo!, context, user.id, hostUrl);
      await page.goto(`${hostUrl}/?lang=en-XA`);
      const widgets = '[data-testid="user-button"], [data-testid="team-switcher"], [role="menu"], [role="listbox"]';
      // The user's and team's own data, their initials, and the host app's own menu item.
      const data = ['Ada Lovelace', 'AL', user.email, 'Pseudo team', 'P', 'Protected page'];
      const trigger = page.getByTestId('user-button').locator('button').first();
      await trigger.waitFor();
      await expectAllFromCatalogue(page, 'host-widgets', data, widgets);
      await trigger.click();
      await page.getByRole('menu').waitFor();
      await expectAllFromCatalogue(page, 'host-user-button-menu', data, widgets);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      await page.getByTestId('team-switcher').getByRole('combobox').click();
      await page.getByRole('listbox').waitFor();
      await expectAllFromCatalogue(page, 'host-team-switcher-open', data, widgets);
      expect(problems).toEqual([]);
    },
    150_000,
  );
});
