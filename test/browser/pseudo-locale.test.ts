// The translated screens rendered in the pseudo locale (`?lang=en-XA`: every catalogue message
// wrapped in ⟦ ⟧ and about 40 % longer) in Chromium at 390 px: no visible text, accessible name
// or tab title that did not come from the catalogue (only the user's own data and the languages'
// own names may stand outside the markers), and no text cut off or pushed out of its box.
// Screens covered: sign-in (both tabs, the form messages), sign-up, the magic-link code step,
// the signed-up card, the already-signed-in card, forgot password (form and sent card), the
// emailed links' problem cards, the error page, the OAuth failure card, the team invitation, and
// account settings' My Profile, Sign Out, Security (change password, MFA set-up, new recovery
// codes and their count) and a team page. Passkeys, 'Confirm it's you' and the host app's
// widgets: pseudo-locale-widgets.test.ts.
import { describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { as, call, uniqueEmail } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { localeNames } from '../../server/protocol/locale-names';
import { launchBrowser } from './browser-support';
import { expectAllFromCatalogue } from './pseudo-locale-checks';
import { Secret, TOTP } from 'otpauth';

let t: TestInstance;
let browser: Browser;
const password = 'correct horse battery';

withMailInstance(
  async (started) => {
    ({ t } = started);
    browser = await launchBrowser();
  },
  { instance: { settings: { hostedScreensRuntime: 'preact' } }, timeoutMillis: 180_000, beforeStop: async () => await browser?.close() },
);

describe('pseudo locale at 390 px', () => {
  test(
    'sign-in, sign-up, the code step and the signed-up card: every word from the catalogue, nothing cut off',
    async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      try {
        const data = ['Demo project'];
        await page.goto(`${t.url}/handler/sign-in?lang=en-XA`);
        await page.locator('main section h1').waitFor();
        expect((await expectAllFromCatalogue(page, 'sign-in-magic-link', data)).title).toContain('⟦');
        // The form's checks, then the password tab with its own.
        await page.getByRole('tab').nth(1).click();
        await page.locator('main button[type="submit"]').click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await expectAllFromCatalogue(page, 'sign-in-password-checks', data);
        // The code step, after a magic link went to a new address.
        const address = uniqueEmail('pseudo');
        await page.getByRole('tab').nth(0).click();
        await page.locator('main input[name="email"]').fill(address);
        await page.locator('main button[type="submit"]').click();
        await page.getByTestId('magic-link-code-step').waitFor();
        await expectAllFromCatalogue(page, 'code-step', [...data, address]);
        // Sign-up through the form, to the signed-up card.
        await page.goto(`${t.url}/handler/sign-up?lang=en-XA`);
        await page.getByRole('tab').nth(1).click();
        await page.locator('main button[type="submit"]').click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await expectAllFromCatalogue(page, 'sign-up-checks', data);
        const newAddress = uniqueEmail('pseudo-sign-up');
        await page.locator('main input[name="email"]').fill(newAddress);
        await page.locator('main input[name="password"]').fill(password);
        await page.locator('main input[name="repeat-password"]').fill(password);
        await page.locator('main button[type="submit"]').click();
        await page.getByTestId('signed-up').waitFor();
        await expectAllFromCatalogue(page, 'signed-up', [...data, newAddress]);
        await page.goto(`${t.url}/handler/sign-in?lang=en-XA`);
        await page.getByTestId('already-signed-in').waitFor();
        await expectAllFromCatalogue(page, 'already-signed-in', data);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    150_000,
  );

  test(
    "account settings' My Profile and Sign Out: every word from the catalogue, nothing cut off",
    async () => {
      const email = uniqueEmail('pseudo-settings');
      const res = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password } });
      expect(res.status).toBe(200);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies([
        { name: `stack-refresh-${t.demo!.projectId}`, value: encodeURIComponent(res.json.refresh_token), url: t.url },
      ]);
      const page = await context.newPage();
      try {
        // The user's data (avatar initial from the address) and the languages' own names.
        const data = [email, email[0]!.toUpperCase(), ...Object.values(localeNames)];
        await page.goto(`${t.url}/handler/account-settings?lang=en-XA`);
        await page.getByTestId('account-settings').locator('nav').waitFor();
        await expectAllFromCatalogue(page, 'settings-menu', data);
        await page.goto(`${t.url}/handler/account-settings/profile?lang=en-XA`);
        await page.getByTestId('locale-select').waitFor();
        await expectAllFromCatalogue(page, 'settings-profile', data);
        await page.goto(`${t.url}/handler/account-settings/sign-out?lang=en-XA`);
        await page.getByTestId('account-settings').locator('h2').waitFor();
        await expectAllFromCatalogue(page, 'settings-sign-out', data);
      } finally {
        await context.close();
      }
    },
    150_000,
  );

  test(
    'forgot password, the link problem cards, the error page and the team invitation: every word from the catalogue',
    async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      try {
        const data = ['Demo project'];
        await page.goto(`${t.url}/handler/forgot-password?lang=en-XA`);
        await page.getByTestId('forgot-password-page').waitFor();
        await expectAllFromCatalogue(page, 'forgot-password', data);
        await page.locator('main input[name="email"]').fill(uniqueEmail('pseudo-forgot'));
        await page.locator('main button[type="submit"]').click();
        await page.getByTestId('forgot-password-sent').waitFor();
        await expectAllFromCatalogue(page, 'forgot-password-sent', data);
        for (const path of ['password-reset', 'magic-link-callback', 'email-verification', 'team-invitation']) {
          await page.goto(`${t.url}/handler/${path}?lang=en-XA`);
          await page.getByTestId('invalid-link').waitFor();
          await expectAllFromCatalogue(page, `${path}-invalid`, data);
        }
        await page.goto(`${t.url}/handler/error?lang=en-XA&errorCode=OUTER_OAUTH_TIMEOUT&message=x&details=%7B%7D`);
        await page.getByTestId('known-error').waitFor();
        // The error code is for developers and shown as it is.
        await expectAllFromCatalogue(page, 'error-page', [...data, 'OUTER_OAUTH_TIMEOUT']);
        await page.goto(`${t.url}/handler/error?lang=en-XA`);
        await page.getByTestId('unknown-error').waitFor();
        await expectAllFromCatalogue(page, 'unknown-error', data);
        // A provider's callback this browser never started: the OAuth failure card. Its details
        // block is the client's message for developers, shown as it is.
        await page.goto(`${t.url}/handler/oauth-callback?lang=en-XA&code=made-up&state=made-up`);
        await page.getByTestId('oauth-callback-failed').waitFor();
        const details = await page.getByTestId('oauth-callback-failed').locator('pre').innerText();
        await expectAllFromCatalogue(page, 'oauth-callback-failed', [...data, details]);
      } finally {
        await context.close();
      }
    },
    150_000,
  );

  test(
    "account settings' Security (with the change-password form) and a team page: every word from the catalogue",
    async () => {
      const email = uniqueEmail('pseudo-security');
      const res = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password } });
      expect(res.status).toBe(200);
      const team = await call(t, 'POST', '/teams', {
        headers: as(t.demo!, 'server'),
        body: { display_name: 'Pseudo team', creator_user_id: res.json.user_id },
      });
      expect(team.status).toBe(201);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies([
        { name: `stack-refresh-${t.demo!.projectId}`, value: encodeURIComponent(res.json.refresh_token), url: t.url },
      ]);
      const page = await context.newPage();
      try {
        // The user's and team's own data, and the device the session list names (browser and system).
        const data = [email, email[0]!.toUpperCase(), 'Pseudo team', 'P', 'Demo project', 'Chrome', 'Linux', '127.0.0.1'];
        await page.goto(`${t.url}/handler/account-settings/security?lang=en-XA`);
        await page.getByTestId('mfa-section').waitFor();
        await page.getByTestId('session-row').first().waitFor();
        await expectAllFromCatalogue(page, 'settings-security', data);
        await page.getByTestId('change-password-section').getByRole('button').click();
        await page.getByTestId('change-password-form').locator('button[type="submit"]').click();
        await page.getByTestId('change-password-form').locator('[aria-invalid="true"]').first().waitFor();
        await expectAllFromCatalogue(page, 'settings-change-password', data);
        await page.getByTestId('mfa-section').getByRole('button').first().click();
        await page.getByTestId('mfa-setup').waitFor();
        const secret = await page.getByTestId('mfa-secret').innerText();
        await expectAllFromCatalogue(page, 'settings-mfa-setup', [...data, secret]);
        // The code an authenticator app shows turns MFA on: the new recovery codes, then their count.
        const authenticator = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
        await page.getByTestId('mfa-setup').locator('input[name="mfa-code"]').fill(authenticator.generate({ timestamp: t.ctx.clock.now() }));
        await page.getByTestId('mfa-recovery-codes').waitFor();
        const codes = (await page.getByTestId('mfa-recovery-codes').locator('li').allInnerTexts()).map((code) => code.trim());
        expect(codes).toHaveLength(10);
        await expectAllFromCatalogue(page, 'settings-recovery-codes', [...data, ...codes]);
        await page.getByTestId('mfa-recovery-codes').getByRole('button').last().click();
        await page.getByTestId('mfa-recovery-count').waitFor();
        await expectAllFromCatalogue(page, 'settings-recovery-status', data);
        await page.goto(`${t.url}/handler/account-settings/teams/${team.json.id}?lang=en-XA`);
        await page.getByTestId('team-members-row').or(page.getByTestId('team-member-row')).first().waitFor();
        await page.getByTestId('leave-team-section').waitFor();
        await expectAllFromCatalogue(page, 'settings-team', data);
      } finally {
        await context.close();
      }
    },
    150_000,
  );
});
