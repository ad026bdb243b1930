// Sessions on the hosted account settings in Chromium:
// - a laptop signs the phone out: the phone's open settings land on sign-in, without waiting
//   for its access token to expire;
// - a session older than 10 minutes asks 'Confirm it's you' before MFA goes off (wrong password
//   refused, right one accepted, the change then made), and before a passkey is removed (the
//   virtual authenticator's passkey confirms);
// - a device that signed in through the sign-in screen is listed by browser and system at once.
// Pages at http://localhost:PORT, which WebAuthn needs.
import { expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { recentAuthenticationWindowMillis } from '../../server/core/auth/recent-authentication';
import { as, call, shiftClock, uniqueEmail } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { addVirtualAuthenticator, openPage, withInstanceBrowser } from './browser-support';

let t: TestInstance, browser: Browser, localUrl: string;
const password = 'correct horse battery';

withInstanceBrowser(async (started) => {
  ({ t, browser } = started);
  const enabled = await call(t, 'PATCH', '/projects/current', {
    headers: as(t.demo!, 'admin'),
    body: { config: { passkey_enabled: true } },
  });
  expect(enabled.status).toBe(200);
  localUrl = t.url.replace('127.0.0.1', 'localhost');
});

async function signUpUser(): Promise<string> {
  const email = uniqueEmail('browser-sessions');
  const res = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password } });
  expect(res.status).toBe(200);
  return email;
}

/** Signs in through the sign-in screen, then lands on the Security page. */
async function signInOnScreen(page: Page, email: string): Promise<void> {
  await page.goto(`${localUrl}/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/account-settings/security')}`);
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/handler\/account-settings\/security$/);
}

test("signed out from another device, a phone's open settings land on sign-in; devices are named at sign-in", async () => {
  const email = await signUpUser();
  const laptop = await openPage(browser);
  const phone = await openPage(browser, { colorScheme: 'dark' });
  await signInOnScreen(laptop.page, email);
  await signInOnScreen(phone.page, email);
  await phone.page.getByTestId('sessions-section').waitFor();
  await laptop.page.reload();

  // Item 7: both sign-ins recorded their device (no refresh yet): Chromium on Linux is "Chrome on Linux".
  const sessions = laptop.page.getByTestId('sessions-section');
  await sessions.getByTestId('session-row').nth(2).waitFor();
  const rows = await sessions.getByTestId('session-row').allInnerTexts();
  expect(rows.filter((row) => row.includes('Chrome on Linux'))).toHaveLength(2);
  expect(rows.filter((row) => row.includes('Chrome on Linux · This device'))).toHaveLength(1);
  // The sign-up made a session too, from the test's own HTTP client: no browser or system in its agent.
  expect(rows.filter((row) => row.includes('Signed-in device'))).toHaveLength(1);

  // Item 4: the laptop signs the phone out (the phone's row is the newest other Chrome one).
  const phoneRow = sessions
    .getByTestId('session-row')
    .filter({ hasText: 'Chrome on Linux' })
    .filter({ hasNotText: 'This device' });
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  await laptop.page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 2);
  // The phone's page comes back into view: its check finds the session gone and leaves for sign-in.
  await phone.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await phone.page.waitForURL(/\/handler\/sign-in\?after_auth_return_to=/);
  const stored = (await phone.context.cookies()).filter((cookie) => cookie.name.startsWith('stack-') && cookie.value !== '');
  expect(stored.filter((cookie) => cookie.name.includes('refresh') || cookie.name.includes('access'))).toEqual([]);
  // The laptop is still signed in.
  await laptop.page.reload();
  await laptop.page.getByTestId('sessions-section').waitFor();
  expect(new URL(laptop.page.url()).pathname).toBe('/handler/account-settings/security');
  expect(laptop.problems).toEqual([]);
  // Chromium logs the refused refresh (the token endpoint answers a real 401, as Stack's does).
  expect(phone.problems).toEqual(['console: Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
  await laptop.close();
  await phone.close();
}, 90_000);

test("after 10 minutes, turning MFA off and removing a passkey first ask 'Confirm it's you'", async () => {
  const email = await signUpUser();
  const opened = await openPage(browser);
  const { page } = opened;
  await signInOnScreen(page, email);
  // Added once signed in: on the sign-in screen it would answer the email field's autofill request.
  await addVirtualAuthenticator(opened);
  // A passkey, and MFA on (through the API as this user, to keep the test on its subject).
  const passkeys = page.getByTestId('passkeys-section');
  await passkeys.getByRole('textbox', { name: 'New passkey name' }).fill('Work laptop');
  await passkeys.getByRole('button', { name: 'Add passkey' }).click();
  await passkeys.getByText('Work laptop').waitFor();
  const user = (
    await t.rows('select id from users where id in (select user_id from contact_channels where value = ?)', email)
  )[0]!;
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('base64');
  const mfaOn = await call(t, 'PATCH', `/users/${user.id}`, {
    headers: as(t.demo!, 'server'),
    body: { totp_secret_base64: secret },
  });
  expect(mfaOn.status).toBe(200);

  const restore = shiftClock(t, recentAuthenticationWindowMillis + 60_000);
  try {
    await page.reload();
    const mfa = page.getByTestId('mfa-section');
    await mfa.getByText('Multi-factor authentication is currently enabled.').waitFor();
    await mfa.getByRole('button', { name: 'Disable MFA' }).click();
    await mfa.getByTestId('mfa-disable-confirmation').getByRole('button', { name: 'Turn off MFA' }).click();
    const prompt = mfa.getByTestId('reauthentication');
    await prompt.getByRole('heading', { name: "Confirm it's you" }).waitFor();
    // Nothing changed yet.
    expect((await t.rows('select totp_secret_base64 as s from users where id = ?', user.id))[0]!.s).not.toBeNull();
    await opened.screenshot('reauthentication-mfa-light');
    await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill('not my password');
    await prompt.getByRole('button', { name: 'Confirm', exact: true }).click();
    await prompt.getByRole('alert').getByText('Incorrect password').waitFor();
    await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await prompt.getByRole('button', { name: 'Confirm', exact: true }).click();
    await mfa.getByText('Multi-factor authentication is currently disabled.').waitFor();
    expect((await t.rows('select totp_secret_base64 as s from users where id = ?', user.id))[0]!.s).toBeNull();

    // A second sign-in, with the passkey (the sign-in screen's autofill), ages too; the passkey
    // then confirms its own removal.
    await page.goto(`${localUrl}/handler/sign-out`);
    await page.getByTestId('signed-out').waitFor();
    restore();
    await page.goto(
      `${localUrl}/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/account-settings/security')}`,
    );
    await page.waitForURL(/\/handler\/account-settings\/security$/);
    const aged = shiftClock(t, recentAuthenticationWindowMillis + 60_000);
    try {
      await page.reload();
      const row = page.getByTestId('passkeys-section').getByTestId('passkey-row');
      await row.getByRole('button', { name: 'Remove' }).click();
      await row.getByRole('button', { name: 'Remove passkey' }).click();
      await row.getByTestId('reauthentication').getByRole('button', { name: 'Use a passkey' }).click();
      await page.getByTestId('passkeys-section').getByTestId('passkey-row').waitFor({ state: 'detached' });
      expect(await t.rows('select id from passkeys where user_id = ?', user.id)).toEqual([]);
    } finally {
      aged();
    }
  } finally {
    restore();
  }
  await opened.closeWithoutProblems();
}, 120_000);
