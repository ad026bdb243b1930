// Account settings › Security › Active sessions in Chromium: three devices signed in to one
// account; the first sees all three with 'This device' on its own, signs one out, then all other
// devices; each ended device's refresh token is refused. Light and dark, 390 and 1280 px, axe-core.
import { expect, test } from 'bun:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { as, call } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { refreshFor } from '../support/user-views';
import { openPage, withInstanceBrowser } from './browser-support';
import { screenshotAtBothWidths, signInContext } from './widget-checks';

let t: TestInstance, browser: Browser;

withInstanceBrowser((started) => ({ t, browser } = started));

async function refreshTokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === `stack-refresh-${t.demo!.projectId}`)!;
  return decodeURIComponent(cookie.value);
}

test('three devices: this one marked, one signed out, then all other devices', async () => {
  const created = await call(t, 'POST', '/users', {
    headers: as(t.demo!, 'server'),
    body: { primary_email: `devices-${Date.now()}@example.com`, primary_email_auth_enabled: true },
  });
  expect(created.status).toBe(201);
  const userId = created.json.id;
  const devices = await Promise.all([openPage(browser), openPage(browser), openPage(browser, { colorScheme: 'dark' })]);
  for (const device of devices) await signInContext(t, t.demo!, device.context, userId);
  const [mine, phone, tablet] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
  // The phone has been used since: its session shows its browser.
  const phoneToken = await refreshTokenOf(phone.context);
  expect((await refreshFor(t, t.demo!, phoneToken)).status).toBe(200);

  const { page } = mine;
  await page.goto(`${t.url}/handler/account-settings/security`);
  const section = page.getByTestId('sessions-section');
  await section.getByTestId('session-row').nth(2).waitFor();
  expect(await section.getByTestId('session-row').count()).toBe(3);
  const rows = await section.getByTestId('session-row').allInnerTexts();
  expect(rows.filter((row) => row.includes('This device'))).toHaveLength(1);
  await screenshotAtBothWidths(page, 'active-sessions-light');

  // Sign out the phone: its row goes, its refresh token is refused.
  const phoneRow = section.getByTestId('session-row').filter({ hasText: 'Last used' }).filter({ hasNotText: 'This device' });
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 2);
  expect((await refreshFor(t, t.demo!, phoneToken)).status).not.toBe(200);

  await section.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 1);
  expect(await section.getByTestId('session-row').innerText()).toContain('This device');
  expect((await refreshFor(t, t.demo!, await refreshTokenOf(tablet.context))).status).not.toBe(200);
  expect((await refreshFor(t, t.demo!, await refreshTokenOf(mine.context))).status).toBe(200);

  const dark = await openPage(browser, { colorScheme: 'dark' });
  await signInContext(t, t.demo!, dark.context, userId);
  await dark.page.goto(`${t.url}/handler/account-settings/security`);
  await dark.page.getByTestId('sessions-section').getByTestId('session-row').nth(1).waitFor();
  await screenshotAtBothWidths(dark.page, 'active-sessions-dark');
  for (const device of [...devices, dark]) {
    await device.closeWithoutProblems();
  }
}, 90_000);
