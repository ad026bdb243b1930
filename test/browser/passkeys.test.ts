// Passkeys on the hosted screens in Chromium with a DevTools virtual authenticator: add a named
// passkey in account settings, sign out, sign in with it from 'Sign in with passkey'. Pages are at
// http://localhost:PORT because WebAuthn refuses IP-address RP ids. Screenshots in both themes at
// 390 and 1280 px go to test-artifacts/browser/passkeys-*.png.
import { expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { as, call } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { addVirtualAuthenticator, openPage, withInstanceBrowser } from './browser-support';

let t: TestInstance, browser: Browser, localUrl: string;
const password = 'correct horse battery';

withInstanceBrowser(async (started) => {
  ({ t, browser } = started);
  const enabled = await call(t, 'PATCH', '/projects/current', { headers: as(t.demo!, 'admin'), body: { config: { passkey_enabled: true } } });
  expect(enabled.status).toBe(200);
  localUrl = t.url.replace('127.0.0.1', 'localhost');
}, { instance: { settings: { hostedScreensRuntime: 'preact' } } });

async function shoot(page: Page, screenshot: (name: string) => Promise<void>, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    await screenshot(`${name}-${width}`);
  }
}

test('add a passkey in account settings; the email field\'s autofill signs in with it, and so does the button', async () => {
  const email = `passkey-${Date.now()}@example.com`;
  const signUp = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password } });
  expect(signUp.status).toBe(200);
  const opened = await openPage(browser);
  const { page } = opened;
  await addVirtualAuthenticator(opened);
  const initiations: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/passkey/initiate-passkey-authentication')) initiations.push(request.url());
  });
  // The page's clock, so the autofill request's restart before its 65 s challenge expires can be
  // reached without waiting a minute.
  await page.clock.install();

  await page.goto(`${localUrl}/handler/account-settings/security`);
  await page.waitForURL(/\/handler\/sign-in\?after_auth_return_to=/);
  await page.getByTestId('passkey-sign-in').waitFor();
  const emailField = page.getByRole('textbox', { name: 'Email', exact: true });
  expect(await emailField.getAttribute('autocomplete')).toBe('username webauthn');
  await shoot(page, opened.screenshot, 'passkeys-sign-in-light');
  // No passkey for this site yet (Chromium's virtual environment then ends the request, where a
  // browser would keep it waiting): within the challenge's 65 s a fresh request is made.
  await waitUntil(() => initiations.length === 1);
  await page.clock.fastForward(56_000);
  await waitUntil(() => initiations.length === 2);

  // A password sign-in ends the waiting request quietly.
  await page.getByRole('tab', { name: 'Password' }).click();
  await emailField.fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/handler\/account-settings\/security$/);
  expect(initiations.length).toBe(2);

  const section = page.getByTestId('passkeys-section');
  await section.waitFor();
  await section.getByRole('textbox', { name: 'New passkey name' }).fill('Work laptop');
  await section.getByRole('button', { name: 'Add passkey' }).click();
  await section.getByTestId('passkey-row').first().waitFor();
  expect(await section.getByTestId('passkey-row').count()).toBe(1);
  await section.getByText('Work laptop').waitFor();
  await shoot(page, opened.screenshot, 'passkeys-settings-light');
  const stored = t.sqlite.query('select name, rp_id from passkeys').all();
  expect(stored).toEqual([{ name: 'Work laptop', rp_id: 'localhost' }]);

  // Signed out, the sign-in page's autofill request finds the passkey: Chromium's virtual
  // authenticator answers a conditional request as a person picking the suggestion would.
  await page.goto(`${localUrl}/handler/sign-out`);
  await page.getByTestId('signed-out').waitFor();
  await page.goto(`${localUrl}/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/account-settings/security')}`);
  await page.waitForURL(/\/handler\/account-settings\/security$/);
  await page.getByTestId('passkeys-section').getByText('Work laptop').waitFor();
  const used = t.sqlite.query('select last_used_at from passkeys').get() as { last_used_at: number | null };
  expect(used.last_used_at).toBeNumber();

  // A browser without autofill for passkeys (the same authenticator, from the next page load on):
  // the button's own request signs in.
  await page.goto(`${localUrl}/handler/sign-out`);
  await page.getByTestId('signed-out').waitFor();
  await opened.context.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await page.goto(`${localUrl}/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/account-settings/security')}`);
  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL(/\/handler\/account-settings\/security$/);
  await page.getByTestId('passkeys-section').getByText('Work laptop').waitFor();
  await opened.closeWithoutProblems();

  const dark = await openPage(browser, { colorScheme: 'dark' });
  await dark.page.goto(`${localUrl}/handler/sign-in`);
  await dark.page.getByTestId('passkey-sign-in').waitFor();
  await shoot(dark.page, dark.screenshot, 'passkeys-sign-in-dark');
  await dark.closeWithoutProblems();
}, 150_000);

/** Polls a condition of the test's own state (requests seen) until it holds, for up to 10 s. */
async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await Bun.sleep(20);
  }
}
