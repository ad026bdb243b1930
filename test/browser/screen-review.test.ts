// The screen bugs an outside review found driving every screen in Chromium, each checked in
// Debian's Chromium against a real authd (the served preact/compat build) and a real SMTP
// receiver: passkeys on an IP-address origin, refusals ending on the error card, WebAuthn errors
// in words, validation messages that clear, the members table, focus, axe and contrast on account
// settings, the error page's words, the MFA step's way back and the development OAuth mock page.
// Screenshots (light and dark, 390 px and 1280 px) go to test-artifacts/browser/review-*.png.
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { as, call, uniqueEmail } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { addVirtualAuthenticator, artifactsDir, openPage, signInWithPassword, textOf, withMailBrowser, type TestPage } from './browser-support';
import { seriousAxeViolations, signInContext } from './widget-checks';

let t: TestInstance, browser: Browser;
/** The same instance by name: WebAuthn refuses IP-address origins, so passkey tests run here. */
let localUrl: string;
const pages: TestPage[] = [];
const browserTestTimeout = 90_000;
const password = 'correct horse battery';

withMailBrowser(
  async (started) => {
    ({ t, browser } = started);
    // Passkeys on, and the two dark-branded providers (the full-width layout): in development
    // without credentials GitHub signs in through authd's own mock provider page.
    const configured = await call(t, 'PATCH', '/projects/current', {
      headers: as(t.demo!, 'admin'),
      body: {
        config: {
          passkey_enabled: true,
          // GitLab has no shared keys: a standard one (never used to sign in here) shows its button.
          oauth_providers: [
            { id: 'github', enabled: true, type: 'shared' },
            { id: 'gitlab', enabled: true, type: 'standard', client_id: 'gitlab-client', client_secret: 'gitlab-secret' },
          ],
        },
      },
    });
    expect(configured.json).toMatchObject({ config: { passkey_enabled: true } });
    localUrl = t.url.replace('127.0.0.1', 'localhost');
  },
  {
    pages,
  },
);

async function newPage(options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<TestPage> {
  const opened = await openPage(browser, { colorScheme: options.colorScheme });
  await opened.page.setViewportSize({ width: options.width ?? 1280, height: 860 });
  pages.push(opened);
  return opened;
}

async function signUpThroughApi(email: string): Promise<{ userId: string }> {
  const res = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password } });
  expect(res.status).toBe(200);
  return { userId: res.json.user_id };
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Screenshots at 390 px and 1280 px as review-<name>-<width>.png. */
async function shootBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await page.screenshot({ path: join(artifactsDir, `review-${name}-${width}.png`), fullPage: true });
  }
}

/** The accessible name of the element that has focus, or its tag when it has none. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'body';
    return `${active.tagName.toLowerCase()}:${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`;
  });
}

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((part) => {
        const c = Number(part) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('passkeys and the origin (1, 9)', () => {
  test(
    'on 127.0.0.1 passkeys are not offered and nothing red shows; the settings say why; on localhost they are',
    async () => {
      const { page, problems, context } = await newPage();
      await page.goto(`${t.url}/handler/sign-in`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await page.getByRole('button', { name: 'Sign in with GitHub' }).waitFor();
      expect(await page.getByTestId('passkey-sign-in').count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await page.getByText('This is an invalid domain.').count()).toBe(0);
      expect(await field(page, 'Email').getAttribute('autocomplete')).not.toContain('webauthn');

      const { userId } = await signUpThroughApi(uniqueEmail('ip-origin'));
      await signInContext(t, t.demo!, context, userId);
      await page.goto(`${t.url}/handler/account-settings/security`);
      const explanation = await textOf(page, 'passkeys-explanation');
      expect(explanation).toContain('Passkeys need a domain name such as localhost');
      expect(await page.getByRole('button', { name: 'Add passkey' }).count()).toBe(0);
      await page.getByTestId('passkeys-section').screenshot({ path: join(artifactsDir, 'review-passkeys-ip-origin.png') });
      expect(problems).toEqual([]);

      // By name, the same screens offer them.
      const named = await newPage();
      await named.page.goto(`${localUrl}/handler/sign-in`);
      await named.page.getByTestId('passkey-sign-in').waitFor();
    },
    browserTestTimeout,
  );

  test(
    "adding a passkey this device already holds says so in words, not the browser's text",
    async () => {
      const opened = await newPage();
      const { page, problems, context } = opened;
      await addVirtualAuthenticator(opened);
      const { userId } = await signUpThroughApi(uniqueEmail('twice'));
      await signInContext(t, t.demo!, context, userId, localUrl);
      await page.goto(`${localUrl}/handler/account-settings/security`);
      await page.getByRole('button', { name: 'Add passkey' }).click();
      await page.getByTestId('passkey-row').waitFor();
      await page.getByRole('button', { name: 'Add passkey' }).click();
      const alert = page.getByTestId('passkeys-section').getByRole('alert');
      await alert.waitFor();
      const message = (await alert.innerText()).trim();
      expect(message).toBe(
        'This device already holds a passkey for your account. Use it to sign in, or add one on another device.',
      );
      expect(message).not.toMatch(/credential|authenticator|InvalidStateError/);
      expect(await page.getByTestId('passkey-row').count()).toBe(1);
      await page.getByTestId('passkeys-section').screenshot({ path: join(artifactsDir, 'review-passkeys-twice.png') });
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('refusals end on the error card (2, 16, 17)', () => {
  test(
    'a provider button with an untrusted absolute return target stops on the error card, in words',
    async () => {
      const { page, problems } = await newPage();
      let authorizeCalls = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/auth/oauth/authorize/')) authorizeCalls++;
      });
      const evil = 'https://evil.example.com/steal';
      await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent(evil)}`);
      await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
      await page.getByTestId('known-error').waitFor();
      expect(new URL(page.url()).pathname).toBe('/handler/error');
      expect(await textOf(page, 'error-code')).toBe('REDIRECT_URL_NOT_WHITELISTED');
      // Words for people; the developer's code only on the small details line, not in monospace.
      const words = await textOf(page, 'error-message');
      expect(words).toContain('does not trust');
      expect(words).not.toContain('REDIRECT_URL');
      expect(await page.locator('pre').count()).toBe(0);
      const codeFont = await page.getByTestId('error-code').evaluate((el) => getComputedStyle(el).fontFamily);
      expect(codeFont).not.toContain('monospace');
      expect(authorizeCalls).toBe(0);
      await shootBothWidths(page, 'error-untrusted-provider-return');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'return targets with a user name before the host end on the redirect refusal card, not the unknown error',
    async () => {
      const email = uniqueEmail('userinfo');
      await signUpThroughApi(email);
      const port = new URL(t.url).port;
      for (const target of ['evil.example.com@127.0.0.1', `http://evil.example.com@127.0.0.1:${port}/handler/account-settings`]) {
        const { page, problems } = await newPage();
        await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent(target)}`);
        await signInWithPassword(page, email, password);
        await page.getByTestId('known-error').waitFor();
        expect(new URL(page.url()).pathname).toBe('/handler/error');
        expect(await textOf(page, 'error-code')).toBe('REDIRECT_URL_NOT_WHITELISTED');
        expect(await page.getByTestId('unknown-error').count()).toBe(0);
        expect(problems).toEqual([]);
      }
    },
    browserTestTimeout,
  );

  test(
    "the development mock provider page: styled in both themes, and 'Deny' ends on the error card",
    async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, problems } = await newPage({ colorScheme });
        await page.goto(`${t.url}/handler/sign-in`);
        await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
        await page.waitForURL((url) => url.pathname === '/api/v1/dev-oauth/github/authorize');
        await page.getByRole('heading', { name: 'Sign in with github' }).waitFor();
        const look = await page.evaluate(() => {
          const card = getComputedStyle(document.querySelector('main')!);
          const input = getComputedStyle(document.querySelector('input[name="email"]')!);
          return {
            page: getComputedStyle(document.body).backgroundColor,
            card: card.backgroundColor,
            text: card.color,
            inputBorder: input.borderTopColor,
            inputSize: input.fontSize,
          };
        });
        // A card on the page's colour, dark in the dark theme, with fields that can be seen.
        expect(look.card).not.toBe(look.page);
        expect(contrast(look.text, look.card)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(look.inputBorder, look.card)).toBeGreaterThanOrEqual(3);
        expect(look.inputSize).toBe('16px');
        if (colorScheme === 'dark') expect(contrast(look.card, 'rgb(0, 0, 0)')).toBeLessThan(2);
        await shootBothWidths(page, `dev-mock-provider-${colorScheme}`);
        // Enter in a field is 'Continue', never 'Deny'.
        expect(await page.locator('form button').first().innerText()).toBe('Continue');
        await page.getByRole('button', { name: 'Deny' }).click();
        await page.getByTestId('known-error').waitFor();
        expect(await textOf(page, 'error-code')).toBe('OAUTH_PROVIDER_ACCESS_DENIED');
        expect(await textOf(page, 'error-message')).toContain('cancelled at the provider');
        await shootBothWidths(page, `dev-mock-denied-${colorScheme}`);
        expect(problems).toEqual([]);
      }
    },
    browserTestTimeout,
  );
});

describe('forms and focus (10, 12, 17)', () => {
  test(
    "'Please enter your email/password' go away once the fields are filled",
    async () => {
      const { page, problems } = await newPage();
      await page.goto(`${t.url}/handler/sign-in`);
      await page.getByRole('tab', { name: 'Password' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Please enter your email').waitFor();
      await page.getByText('Please enter your password').waitFor();
      await field(page, 'Email').fill('someone@example.com');
      await page.getByText('Please enter your email').waitFor({ state: 'detached' });
      expect(await field(page, 'Email').getAttribute('aria-invalid')).not.toBe('true');
      // The password's message stays until its own field is filled.
      expect(await page.getByText('Please enter your password').count()).toBe(1);
      await field(page, 'Password').fill('x');
      await page.getByText('Please enter your password').waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'a move to another screen puts focus on its heading; the MFA step leads back to sign-in',
    async () => {
      const { page, problems } = await newPage();
      await page.goto(`${t.url}/handler/sign-in`);
      await page.getByRole('link', { name: 'Sign up' }).click();
      await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await focusedElement(page)).toBe('h1:Create a new account');

      // A user with an authenticator app: the second step has a way back.
      const email = uniqueEmail('mfa-back');
      const { userId } = await signUpThroughApi(email);
      const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('base64');
      const set = await call(t, 'PATCH', `/users/${userId}`, {
        headers: as(t.demo!, 'server'),
        body: { totp_secret_base64: secret },
      });
      expect(set.status).toBe(200);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signInWithPassword(page, email, password);
      await page.getByTestId('mfa-page').waitFor();
      await page.screenshot({ path: join(artifactsDir, 'review-mfa-back.png') });
      await page.getByRole('button', { name: 'Back to sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      expect(await page.getByTestId('mfa-page').count()).toBe(0);
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await focusedElement(page)).toBe('h1:Sign in to your account');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'after saving a display name focus is on its Edit button; after Escape in the crop dialog, on the image',
    async () => {
      const { page, problems, context } = await newPage();
      const { userId } = await signUpThroughApi(uniqueEmail('focus'));
      await signInContext(t, t.demo!, context, userId);
      await page.goto(`${t.url}/handler/account-settings/profile`);
      await page.getByRole('button', { name: 'Edit display name' }).click();
      await page.getByRole('textbox', { name: 'Display name' }).fill('Focus Tester');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('display-name-value').getByText('Focus Tester').waitFor();
      await page.waitForFunction(() => document.activeElement !== document.body);
      expect(await focusedElement(page)).toBe('button:Edit display name');

      // Escape on the edit field too.
      await page.keyboard.press('Enter');
      await page.getByRole('textbox', { name: 'Display name' }).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.activeElement !== document.body);
      expect(await focusedElement(page)).toBe('button:Edit display name');

      // A picture from the page's own canvas, then Escape in the crop dialog.
      const png = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 200;
        canvas.height = 120;
        const drawing = canvas.getContext('2d')!;
        drawing.fillStyle = '#2563eb';
        drawing.fillRect(0, 0, 200, 120);
        return canvas.toDataURL('image/png').split(',')[1]!;
      });
      await page
        .getByTestId('image-file-input')
        .first()
        .setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
      await page.getByTestId('crop-dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('crop-dialog').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement !== document.body);
      const focused = await focusedElement(page);
      expect(focused.startsWith('button:')).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.querySelector('img, span') !== null)).toBe(true);
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('account settings: axe, contrast and the members table (11, 13, 14)', () => {
  test(
    'no serious axe violation and one main landmark, 3:1 field borders, in light and dark at 390 and 1280 px',
    async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, problems, context } = await newPage({ colorScheme });
        const email = uniqueEmail(`axe-${colorScheme}`);
        const { userId } = await signUpThroughApi(email);
        await signInContext(t, t.demo!, context, userId);
        for (const section of ['profile', 'security']) {
          await page.goto(`${t.url}/handler/account-settings/${section}`);
          await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.title()).toBe('Account Settings – Demo project');
          for (const width of [390, 1280]) {
            await page.setViewportSize({ width, height: 860 });
            expect(await seriousAxeViolations(page)).toEqual([]);
            const landmarks = await page.evaluate(async () => {
              const result = await (window as any).axe.run(document, {
                runOnly: ['landmark-main-is-top-level', 'landmark-no-duplicate-main'],
              });
              return (result.violations as any[]).map((v) => v.id);
            });
            expect(landmarks).toEqual([]);
            expect(await page.locator('main').count()).toBe(1);
            await page.screenshot({
              path: join(artifactsDir, `review-account-${section}-${colorScheme}-${width}.png`),
              fullPage: true,
            });
          }
        }
        // The success text after a password change: readable (4.5:1), no axe problem, and focus
        // back on the button that opened the form.
        await page.goto(`${t.url}/handler/account-settings/security`);
        await page.getByRole('button', { name: 'Change password' }).click();
        await field(page, 'Old password').fill(password);
        await field(page, 'New password').fill('a brand new passphrase');
        await field(page, 'Repeat new password').fill('a brand new passphrase');
        await page.getByRole('button', { name: 'Update Password' }).click();
        const success = page.getByText('Your password has been changed.');
        await success.waitFor();
        const { text, behind } = await success.evaluate((el) => {
          let host: Element | null = el;
          while (host && getComputedStyle(host).backgroundColor === 'rgba(0, 0, 0, 0)') host = host.parentElement;
          return {
            text: getComputedStyle(el).color,
            behind: host ? getComputedStyle(host).backgroundColor : 'rgb(255, 255, 255)',
          };
        });
        expect(contrast(text, behind)).toBeGreaterThanOrEqual(4.5);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(await focusedElement(page)).toBe('button:Change password');
        await shootBothWidths(page, `account-password-changed-${colorScheme}`);

        // An edit field: its border against the section it sits on.
        await page.goto(`${t.url}/handler/account-settings/profile`);
        await page.getByRole('button', { name: 'Edit display name' }).click();
        await page.getByRole('textbox', { name: 'Display name' }).waitFor();
        await page.screenshot({ path: join(artifactsDir, `review-account-edit-field-${colorScheme}.png`) });
        const borders = await page.evaluate(() =>
          [...document.querySelectorAll('input:not([type=hidden]):not([type=file])')].map((input) => {
            let behind: Element | null = input.parentElement;
            while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') behind = behind.parentElement;
            return {
              border: getComputedStyle(input).borderTopColor,
              behind: behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)',
            };
          }),
        );
        expect(borders.length).toBeGreaterThan(0);
        for (const { border, behind } of borders) expect(contrast(border, behind)).toBeGreaterThanOrEqual(3);
        expect(problems).toEqual([]);
      }
    },
    browserTestTimeout,
  );

  test(
    'the GitHub and GitLab buttons keep a visible edge on the dark card; sign-in in both themes at both widths',
    async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, problems } = await newPage({ colorScheme });
        await page.goto(`${t.url}/handler/sign-in`);
        await page.getByRole('button', { name: 'Sign in with GitLab' }).waitFor();
        for (const provider of ['github', 'gitlab']) {
          const { border, card } = await page.evaluate((id) => {
            const button = document.querySelector(`[data-provider="${id}"]`)!;
            return {
              border: getComputedStyle(button).borderTopColor,
              card: getComputedStyle(button.closest('section')!).backgroundColor,
            };
          }, provider);
          expect(contrast(border, card)).toBeGreaterThanOrEqual(3);
        }
        expect(await seriousAxeViolations(page)).toEqual([]);
        await shootBothWidths(page, `sign-in-providers-${colorScheme}`);
        expect(problems).toEqual([]);
      }
    },
    browserTestTimeout,
  );

  test(
    'the members table shows the signed-in user by email when they have no name',
    async () => {
      const { page, problems, context } = await newPage();
      const email = uniqueEmail('nameless');
      const { userId } = await signUpThroughApi(email);
      const team = await call(t, 'POST', '/teams', {
        headers: as(t.demo!, 'server'),
        body: { display_name: 'Nameless Crew', creator_user_id: userId },
      });
      expect(team.status).toBe(201);
      await signInContext(t, t.demo!, context, userId);
      await page.goto(`${t.url}/handler/account-settings/teams/${team.json.id}`);
      const row = page.getByTestId('team-member-row').first();
      await row.waitFor();
      const text = await row.innerText();
      expect(text).toContain(email);
      expect(text).toContain('(you)');
      expect(text).not.toContain('No name set');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});
