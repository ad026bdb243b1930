// The sign-in screens in Debian's Chromium against a real authd (the default, preact/compat build) and a
// real SMTP receiver: where a sign-in lands, `GET /`, the magic-link code step, the invalid-link
// cards and their buttons, the tabs keeping the email, the dark page colour, rate-limit and
// offline messages, accessibility (keyboard, labels, focus, titles, landmark, 16 px inputs,
// axe-core) and screenshots of every screen in light and dark at 390 px and 1280 px.
import { describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { breachedPasswordMessage } from '../../server/core/credentials/password-policy';
import { authEn } from '../../server/protocol/messages/auth/auth-en';
import pagesFr from '../../server/protocol/messages/pages/pages-fr';
import { as, call, uniqueEmail } from '../support/api-expectations';
import { makeTempDir, repoRoot, startServeProcess, type TestInstance } from '../support/instance';
import { type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver';
import { artifactsDir, textOf, withMailBrowser } from './browser-support';

const unverifiedAccountMessage = authEn['auth.unverifiedAccount'];

let t: TestInstance, smtp: SmtpReceiver, browser: Browser;
const browserTestTimeout = 90_000;
const password = 'correct horse battery';

withMailBrowser(
  async (started) => {
    ({ t, smtp, browser } = started);
    // Four providers (the compact layout): in development without credentials, each signs in
    // through authd's own mock provider page, a real OAuth round trip.
    const providers = await call(t, 'PATCH', '/projects/current', {
      headers: as(t.demo!, 'admin'),
      body: {
        config: {
          oauth_providers: ['google', 'github', 'microsoft', 'spotify'].map((id) => ({ id, enabled: true, type: 'shared' })),
        },
      },
    });
    expect(providers.status).toBe(200);
  }
);

interface Opened {
  page: Page;
  problems: string[];
  shot(name: string): Promise<void>;
}

async function open(options: { dark?: boolean; width?: number } = {}): Promise<Opened> {
  const context = await browser.newContext({
    colorScheme: options.dark ? 'dark' : 'light',
    viewport: { width: options.width ?? 1280, height: 800 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    // The offline and rate-limit tests make failing requests on purpose.
    if (m.type() === 'error' && !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return {
    page,
    problems,
    shot: async (name) => {
      await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
    },
  };
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

function firstLink(email: ReceivedEmail): string {
  const link = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in "${email.subject}"`);
  return link;
}

/** axe-core in the page: the serious and critical violations, as "rule: target" lines. */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

describe('where people land', () => {
  test(
    'GET / leads to the account settings, which send a signed-out visitor to sign-in',
    async () => {
      const res = await fetch(`${t.url}/`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/handler/account-settings');
      const { page, problems } = await open();
      await page.goto(`${t.url}/`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/handler/sign-in');
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );

  test(
    'a sign-up without a return target lands on the signed-up card, then the account settings; the same address again gets "User already exists."',
    async () => {
      const { page, problems, shot } = await open();
      const email = uniqueEmail('landing');
      await page.goto(`${t.url}/handler/sign-up`);
      await page.getByRole('tab', { name: 'Password' }).click();
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill(password);
      await field(page, 'Repeat Password').fill(password);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      expect(await textOf(page, 'signed-up')).toContain(email);
      await shot('screens-signed-up');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('account-settings').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/handler\/account-settings/);
      await shot('screens-landed-account-settings');

      // 'Go to home' on the already-signed-in card leads there too, not back to sign-in.
      await page.goto(`${t.url}/handler/sign-in`);
      await page.getByRole('button', { name: 'Go to home' }).click();
      await page.getByTestId('account-settings').waitFor();

      const second = await open();
      await second.page.goto(`${t.url}/handler/sign-up`);
      await second.page.getByRole('tab', { name: 'Password' }).click();
      await field(second.page, 'Email').fill(email);
      await field(second.page, 'Password').fill(password);
      await field(second.page, 'Repeat Password').fill(password);
      await second.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await second.page.getByText('User already exists.', { exact: true }).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
      await second.page.context().close();
    },
    browserTestTimeout,
  );
});

describe('the password strength check', () => {
  test(
    'a top breached password is refused under the password field on the sign-up screen (390 px dark, 1280 px light); a strong one signs up',
    async () => {
      for (const [dark, width] of [
        [true, 390],
        [false, 1280],
      ] as const) {
        const { page, problems, shot } = await open({ dark, width });
        const email = uniqueEmail('breached');
        await page.goto(`${t.url}/handler/sign-up`);
        await page.getByRole('tab', { name: 'Password' }).click();
        await field(page, 'Email').fill(email);
        await field(page, 'Password').fill('password1234');
        await field(page, 'Repeat Password').fill('password1234');
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
        await page.getByText(breachedPasswordMessage, { exact: true }).waitFor();
        // The message is the password field's: linked to it and marked invalid, focus moved there.
        expect(await field(page, 'Password').getAttribute('aria-invalid')).toBe('true');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
        await shot(`screens-sign-up-breached-password-${dark ? 'dark' : 'light'}-${width}`);
        const stored = t.sqlite.query('select count(*) as n from contact_channels where value = ?').get(email) as { n: number };
        expect(stored.n).toBe(0);

        await field(page, 'Password').fill('quiet lanterns over marble');
        await field(page, 'Repeat Password').fill('quiet lanterns over marble');
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
        await page.getByTestId('signed-up').waitFor();
        expect(problems).toEqual([]);
        await page.context().close();
      }
    },
    browserTestTimeout,
  );
});

describe('magic link', () => {
  test(
    'an address whose account never verified it: the form says why no link can be sent, in any letter case',
    async () => {
      const { page, problems, shot } = await open({ width: 390 });
      const email = uniqueEmail('unverified');
      const signUp = await call(t, 'POST', '/auth/password/sign-up', {
        headers: as(t.demo!, 'client'),
        body: { email, password },
      });
      expect(signUp.status).toBe(200);
      await page.goto(`${t.url}/handler/sign-in`);
      await field(page, 'Email').fill(email.replace(/^[^@]+/, (local) => local.toUpperCase()));
      await page.getByRole('button', { name: 'Send magic link' }).click();
      await page.getByText(unverifiedAccountMessage).waitFor();
      expect(await page.getByText('User email already exists.').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Send magic link' }).isDisabled()).toBe(false);
      await shot('screens-magic-link-unverified-account-390');
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );

  test(
    "'Check your email': the emailed six-character code signs in; resend after the countdown",
    async () => {
      const { page, problems, shot } = await open({ width: 390 });
      await page.clock.install();
      const email = uniqueEmail('code');
      await page.goto(`${t.url}/handler/sign-in`);
      await field(page, 'Email').fill(email);
      await page.getByRole('button', { name: 'Send magic link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      // The code step replaces the sign-in forms: the card is short on a phone.
      await page.getByText('Email sent!').waitFor();
      expect(await page.getByTestId('magic-link-form').count()).toBe(0);
      expect(await page.locator('[data-provider]').count()).toBe(0);
      expect(await textOf(page, 'resend-countdown')).toMatch(/You can send a new email in \d+ s\./);
      await shot('screens-magic-link-check-your-email-390');

      // The countdown ends: a second email can be sent.
      await page.clock.fastForward(31_000);
      await page.getByRole('button', { name: 'Resend email' }).click();
      await page.getByText('A new email is on its way.').waitFor();
      const first = await smtp.waitFor(email);
      const latest = await smtp.waitFor(email, (m) => m !== first);

      // A wrong code first: a clear message on the code field, focus on it.
      const input = page.getByRole('textbox', { name: 'Code from the email' });
      await input.fill('zzzzzz');
      await page.getByText('That code is not right. Check the email and try again.').waitFor();
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

      // The newest email's code: the first six characters of its link code, upper-cased.
      const linkCode = new URL(firstLink(latest)).searchParams.get('code')!;
      // Typing the six characters completes the code and signs in at once (no button press).
      await input.fill('');
      await input.pressSequentially(linkCode.slice(0, 6).toLowerCase());
      // A new address: signed up, so the signed-up card (this app has no page of its own).
      await page.getByTestId('signed-up').waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );

  test(
    'codes that are not 45 characters show the invalid-link card, with a button that leads on',
    async () => {
      const { page, problems, shot } = await open({ dark: true });
      for (const [path, title] of [
        ['magic-link-callback', 'Invalid Magic Link'],
        ['password-reset', 'Invalid Password Reset Link'],
        ['email-verification', 'Invalid Verification Link'],
      ] as const) {
        await page.goto(`${t.url}/handler/${path}?code=abc123`);
        expect(await textOf(page, 'invalid-link')).toContain(title);
      }
      await shot('screens-invalid-link-dark');
      await page.goto(`${t.url}/handler/magic-link-callback?code=short`);
      await page.getByRole('button', { name: 'Go to sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );

  test(
    'too many emails to one address: the form says how long to wait',
    async () => {
      const { page, problems, shot } = await open();
      const email = uniqueEmail('limited');
      // The per-address limit is 5 emails an hour; these use it up.
      for (let i = 0; i < 5; i++) {
        await call(t, 'POST', '/auth/otp/send-sign-in-code', {
          headers: as(t.demo!, 'client'),
          body: { email, callback_url: `${t.url}/handler/magic-link-callback` },
        });
      }
      await page.goto(`${t.url}/handler/sign-in`);
      await field(page, 'Email').fill(email);
      await page.getByRole('button', { name: 'Send magic link' }).click();
      const message = await textOf(page, 'form-problem');
      // An hour's limit reads in minutes, not as thousands of seconds.
      expect(message).toMatch(/^Too many attempts\. Please wait about \d+ minutes and try again\.$/);
      // Focus moved to the message, and the button works again.
      expect(await page.getByTestId('form-problem').evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByRole('button', { name: 'Send magic link' }).isDisabled()).toBe(false);
      await shot('screens-rate-limited');
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );
});

/** Through the mock provider's page: type who signs in, continue. */
async function approveAtProvider(page: Page, email: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.includes('/dev-oauth/'));
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('OAuth providers', () => {
  test(
    'logo buttons in a compact grid; GitHub with a relative after_auth_return_to lands there',
    async () => {
      const { page, problems, shot } = await open({ width: 390 });
      await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/account-settings/profile')}`);
      const github = page.getByRole('button', { name: 'Sign in with GitHub' });
      await github.waitFor();
      expect(await page.locator('[data-compact]').count()).toBe(1);
      expect(await github.locator('svg').count()).toBe(1);
      await shot('screens-providers-compact-390');
      await github.click();
      await approveAtProvider(page, uniqueEmail('github'));
      await page.waitForURL((url) => url.pathname === '/handler/account-settings/profile');
      await page.getByTestId('account-settings').waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );

  test(
    'a code exchange slower than the 3 s hint still signs in',
    async () => {
      const { page, problems, shot } = await open({ dark: true });
      // The token endpoint answers 4 s late: the real answer, held back on its way to the page.
      await page.route('**/api/v1/auth/oauth/token', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4000));
        await route.continue();
      });
      await page.goto(`${t.url}/handler/sign-in`);
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await approveAtProvider(page, uniqueEmail('slow'));
      await page.getByText('If you are not redirected automatically').waitFor();
      await shot('screens-oauth-slow-hint-dark');
      await page.getByTestId('signed-up').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('oauth-callback-failed').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );

  test(
    'a banned user who signs in with a provider is told of the ban, in the language the sign-in page was opened in',
    async () => {
      const email = uniqueEmail('banned-oauth');
      const first = await open();
      await first.page.goto(`${t.url}/handler/sign-in`);
      await first.page.getByRole('button', { name: 'Sign in with GitHub' }).click();
      await approveAtProvider(first.page, email);
      await first.page.getByTestId('signed-up').waitFor();
      await first.page.context().close();
      const found = await call(t, 'GET', `/users?query=${encodeURIComponent(email)}`, { headers: as(t.demo!, 'server') });
      const userId = (found.json.items as { id: string; primary_email: string }[]).find((user) => user.primary_email === email)!.id;
      expect((await call(t, 'POST', `/users/${userId}/ban`, { headers: as(t.demo!, 'server'), body: {} })).status).toBe(200);

      // An English browser on the French sign-in (`lang=fr`): the choice rides on the callback
      // address through the provider's redirect, so the callback speaks French too.
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${t.url}/handler/sign-in?lang=fr`);
      await page.getByRole('button', { name: /GitHub/ }).click();
      await approveAtProvider(page, email);
      await page.getByTestId('oauth-callback-failed').getByText(pagesFr['error.USER_BANNED']).waitFor();
      expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      // Not also "try again".
      expect(await page.getByTestId('oauth-callback-failed').locator('pre').count()).toBe(0);
      await page.screenshot({ path: join(artifactsDir, 'screens-oauth-banned-fr-390.png') });
      await page.context().close();
    },
    browserTestTimeout,
  );

  test(
    'a failed callback says so and offers a way back to sign-in',
    async () => {
      const { page, shot } = await open();
      await page.goto(`${t.url}/handler/oauth-callback?code=abc&state=unknown`);
      await page.getByTestId('oauth-callback-failed').waitFor();
      await shot('screens-oauth-failed-light');
      await page.getByRole('button', { name: 'Go to sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await page.context().close();
    },
    browserTestTimeout,
  );
});

describe('the sign-in form', () => {
  test(
    'the tabs keep the typed email; forgot-password keeps after_auth_return_to; offline is said plainly',
    async () => {
      const { page, problems } = await open();
      await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=%2Fdashboard`);
      await field(page, 'Email').fill('kept@example.com');
      await page.getByRole('tab', { name: 'Password' }).click();
      await page.getByTestId('password-sign-in-form').waitFor();
      expect(await field(page, 'Email').inputValue()).toBe('kept@example.com');
      await page.getByRole('tab', { name: 'Magic Link' }).click();
      await page.getByTestId('magic-link-form').waitFor();
      expect(await field(page, 'Email').inputValue()).toBe('kept@example.com');

      await page.getByRole('tab', { name: 'Password' }).click();
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      expect(new URL(page.url()).searchParams.get('after_auth_return_to')).toBe('/dashboard');

      await page.getByRole('tab', { name: 'Password' }).click();
      await field(page, 'Email').fill('kept@example.com');
      await field(page, 'Password').fill('whatever password');
      // While the call runs, the button shows a spinner (the answer is held back 1.5 s).
      await page.route('**/api/v1/auth/password/sign-in', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByTestId('spinner').waitFor();
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).getAttribute('aria-busy')).toBe('true');
      await page.getByText('Wrong e-mail or password.').waitFor();
      await page.unroute('**/api/v1/auth/password/sign-in');

      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      expect(await textOf(page, 'form-problem')).toBe('You are offline. Check your internet connection and try again.');
      await page.context().setOffline(false);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );

  test(
    'a server that stops answering: the form says so at the client deadline and can be used again',
    async () => {
      // A separate authd process, so it can be frozen (SIGSTOP): its port still accepts
      // connections and requests, and nothing answers, as with a hung server or a dead proxy.
      const dataDir = makeTempDir('authd-frozen-');
      const frozen = await startServeProcess(dataDir);
      const { page, problems, shot } = await open({ width: 390 });
      try {
        await page.goto(`${frozen.url}/handler/sign-in`);
        await page.getByRole('tab', { name: 'Password' }).click();
        await field(page, 'Email').fill('someone@example.com');
        await field(page, 'Password').fill('whatever password');
        frozen.process.kill('SIGSTOP');
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.getByTestId('spinner').waitFor();
        // The client gives up after its 8 s deadline (and a 2 s diagnostic request); waited for
        // with room to spare, so a busy machine does not fail it.
        const message = await page.getByTestId('form-problem').innerText({ timeout: 30_000 });
        expect(message.trim()).toBe('The server could not be reached. Check your connection and try again.');
        expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isDisabled()).toBe(false);
        expect(await page.getByTestId('spinner').count()).toBe(0);
        await shot('screens-server-not-answering-390');
        expect(problems).toEqual([]);
      } finally {
        frozen.process.kill('SIGCONT');
        await frozen.stop();
        await page.context().close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    browserTestTimeout,
  );

  test(
    'keyboard and screen readers: toggle in the tab order, errors linked, focus on the first error, titles, landmark, 16 px',
    async () => {
      const { page, problems } = await open();
      await page.goto(`${t.url}/handler/sign-in`);
      expect(await page.title()).toBe('Sign in – Demo project');
      await page.getByRole('main').waitFor();
      await page.getByRole('tab', { name: 'Password' }).click();
      await page.getByTestId('password-sign-in-form').waitFor();
      // Tab from the password input reaches the show/hide toggle.
      await field(page, 'Password').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show password');
      await page.keyboard.press('Enter');
      expect(await field(page, 'Password').getAttribute('type')).toBe('text');

      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Please enter your email').waitFor();
      // Focus on the first invalid field; each field names its message.
      expect(await field(page, 'Email').evaluate((el) => el === document.activeElement)).toBe(true);
      for (const [label, message] of [
        ['Email', 'Please enter your email'],
        ['Password', 'Please enter your password'],
      ] as const) {
        const describedBy = await field(page, label).getAttribute('aria-describedby');
        expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(message);
      }
      const fontSize = await field(page, 'Email').evaluate((el) => getComputedStyle(el).fontSize);
      expect(parseFloat(fontSize)).toBeGreaterThanOrEqual(16);

      // The title follows the screen.
      await page.getByRole('link', { name: 'Sign up' }).click();
      await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
      await page.waitForFunction(() => document.title.startsWith('Sign up'));
      // The project's name is on the card.
      expect(await textOf(page, 'project-name')).toBe('Demo project');
      expect(problems).toEqual([]);
      await page.context().close();
    },
    browserTestTimeout,
  );
});

describe('email addresses in any letter case', () => {
  test(
    'an account made as bob@… signs in as BOB@… on the hosted form, keeps its spelling, and cannot be made twice',
    async () => {
      const email = uniqueEmail('Letter.Case');
      const signUp = await call(t, 'POST', '/auth/password/sign-up', {
        headers: as(t.demo!, 'client'),
        body: { email, password },
      });
      expect(signUp.status).toBe(200);
      const shouted = email.toUpperCase();

      const { page, problems } = await open();
      await page.goto(`${t.url}/handler/sign-in`);
      await page.getByRole('tab', { name: 'Password' }).click();
      await field(page, 'Email').fill(shouted);
      await field(page, 'Password').fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByTestId('account-settings').waitFor();
      // The address as the user typed it at sign-up, not the spelling used to sign in.
      await page.getByRole('link', { name: 'Security' }).click();
      expect(await textOf(page, 'email-verification-section')).toContain(`Your email ${email} is not verified.`);

      const second = await open();
      await second.page.goto(`${t.url}/handler/sign-up`);
      await second.page.getByRole('tab', { name: 'Password' }).click();
      await field(second.page, 'Email').fill(shouted);
      await field(second.page, 'Password').fill(password);
      await field(second.page, 'Repeat Password').fill(password);
      await second.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await second.page.getByText('User already exists.', { exact: true }).waitFor();
      expect(problems).toEqual([]);
      expect(second.problems).toEqual([]);
      await page.context().close();
      await second.page.context().close();
    },
    browserTestTimeout,
  );
});

describe('every screen, light and dark, 390 px and 1280 px', () => {
  const screens = [
    'sign-in',
    'sign-up',
    'forgot-password',
    'magic-link-callback?code=x',
    'password-reset?code=x',
    'oauth-callback?code=x&state=y',
    'error?errorCode=X',
    'sign-out',
  ];
  for (const dark of [false, true]) {
    for (const width of [390, 1280]) {
      test(
        `${dark ? 'dark' : 'light'} at ${width} px: the page colour, no serious axe violations, screenshots`,
        async () => {
          const { page, problems, shot } = await open({ dark, width });
          for (const screen of screens) {
            await page.goto(`${t.url}/handler/${screen}`);
            await page.locator('section h1').first().waitFor();
            const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
            // gray50 / gray950 of the theme: the page colour applies, not a white page.
            expect(body).toBe(dark ? 'rgb(2, 6, 23)' : 'rgb(248, 250, 252)');
            expect(await seriousAxeViolations(page)).toEqual([]);
            await shot(`screens-${screen.split('?')[0]}-${dark ? 'dark' : 'light'}-${width}`);
          }
          expect(problems).toEqual([]);
          await page.context().close();
        },
        browserTestTimeout,
      );
    }
  }
});
