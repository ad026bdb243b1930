// The hosted handler screens (React build) in Debian's Chromium against a real authd and a real
// SMTP receiver: sign-up with email verification, sign-out, sign-in errors and redirects,
// magic link, forgot/reset password and the error page. Screenshots go to test-artifacts/.
import { describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { call, as, uniqueEmail } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver';
import { openPage, textOf, withMailBrowser, type TestPage } from './browser-support';

let t: TestInstance, smtp: SmtpReceiver, browser: Browser;
/** A page of a "host app" on another port, where trusted redirects land. */
let landing: ReturnType<typeof Bun.serve>;
const pages: TestPage[] = [];
/** Generous: a timed-out test makes bun kill child processes, the shared browser included. */
const browserTestTimeout = 60_000;

withMailBrowser(
  async (started) => {
    ({ t, smtp, browser } = started);
    landing = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (request) =>
        new Response(`<h1 data-testid="landed">landed on ${new URL(request.url).pathname}</h1>`, {
          headers: { 'content-type': 'text/html' },
        }),
    });
  },
  {
    pages,
    instance: { settings: { hostedScreensRuntime: 'react' } },
    beforeStop: async () => {
      landing?.stop(true);
    },
  },
);

async function newPage(options?: { colorScheme?: 'light' | 'dark' }): Promise<TestPage> {
  const opened = await openPage(browser, options);
  pages.push(opened);
  return opened;
}

const password = 'correct horse battery';

function firstLink(email: ReceivedEmail): string {
  const link = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in "${email.subject}"`);
  return link;
}

/** A user made through the API, to sign in with on the screens. */
async function createUser(email: string): Promise<void> {
  const res = await call(t, 'POST', '/auth/password/sign-up', {
    headers: as(t.demo!, 'client'),
    body: { email, password, verification_callback_url: `${t.url}/handler/email-verification` },
  });
  expect(res.status).toBe(200);
}

/** The input labelled exactly `label` (password inputs included). */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

async function openPasswordTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Password' }).click();
  // The magic-link form (with its own Email field) must be gone before fields are filled.
  await page.locator('[data-testid="password-sign-in-form"], [data-testid="password-sign-up-form"]').waitFor();
}

describe('hosted sign-up and email verification', () => {
  test(
    'sign up on /handler/sign-up, open the emailed link, see "Email verified!", then sign out',
    async () => {
      const { page, problems, screenshot } = await newPage();
      const email = uniqueEmail('signup');
      await page.goto(`${t.url}/handler/sign-up`);
      expect(await page.getByRole('heading').innerText()).toBe('Create a new account');
      // Both email methods are on for the demo project: 'Magic Link' is the default tab.
      expect(await page.getByRole('tab', { name: 'Magic Link' }).getAttribute('aria-selected')).toBe('true');
      await openPasswordTab(page);
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill(password);
      await field(page, 'Repeat Password').fill('something else');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await field(page, 'Repeat Password').fill(password);
      await page.getByRole('button', { name: 'Show password' }).first().click();
      expect(await field(page, 'Password').getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Hide password' }).first().waitFor();
      await screenshot('sign-up-filled');
      await page.getByRole('button', { name: 'Sign Up' }).click();

      // No return target and no trusted domain: the signed-up card names the app and the address
      // to verify, and 'Continue' leads on to the account settings.
      const signedUp = await textOf(page, 'signed-up');
      expect(signedUp).toContain('You signed up for Demo');
      expect(signedUp).toContain(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('account-settings').waitFor();

      const verification = await smtp.waitFor(email);
      const link = firstLink(verification);
      expect(link.startsWith(`${t.url}/handler/email-verification?`)).toBe(true);
      await page.goto(link);
      const verified = await textOf(page, 'email-verified');
      expect(verified).toContain('Email verified!');
      expect(verified).toContain('Your have successfully verified your email.');
      await screenshot('email-verified');

      await page.goto(`${t.url}/handler/sign-out`);
      expect(await textOf(page, 'signed-out')).toContain('You are not currently signed in.');
      await screenshot('signed-out');
      // Signed out for real: the sign-in page shows its form again.
      await page.goto(`${t.url}/handler/sign-in`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('hosted sign-in', () => {
  test(
    'a wrong password shows the server message on the email field',
    async () => {
      const { page, problems, screenshot } = await newPage();
      const email = uniqueEmail('wrong');
      await createUser(email);
      await page.goto(`${t.url}/handler/sign-in`);
      await openPasswordTab(page);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Please enter your email').waitFor();
      await page.getByText('Please enter your password').waitFor();
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      // The message belongs to the email field: its error text, named by aria-errormessage.
      await page.getByText('Wrong e-mail or password.').waitFor();
      const errorId = await field(page, 'Email').getAttribute('aria-errormessage');
      expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe('Wrong e-mail or password.');
      expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
      await screenshot('sign-in-wrong-password');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'signing in lands on a trusted after_auth_return_to',
    async () => {
      const { page, problems, screenshot } = await newPage({ colorScheme: 'dark' });
      const email = uniqueEmail('return');
      await createUser(email);
      const target = `http://127.0.0.1:${landing.port}/dashboard`;
      await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent(target)}`);
      await openPasswordTab(page);
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill(password);
      // The dark theme follows the browser's preference.
      expect(await page.locator('.authd-root').getAttribute('data-authd-theme')).toBe('dark');
      await screenshot('sign-in-dark');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(target);
      expect(await textOf(page, 'landed')).toBe('landed on /dashboard');
      await screenshot('sign-in-landed');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'an untrusted after_auth_return_to is refused with the error page',
    async () => {
      const { page, screenshot } = await newPage();
      const email = uniqueEmail('untrusted');
      await createUser(email);
      const evil = 'https://evil.example.com/steal';
      await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent(evil)}`);
      await openPasswordTab(page);
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      expect(await textOf(page, 'known-error')).toContain('An error occurred');
      expect(await textOf(page, 'error-code')).toBe('REDIRECT_URL_NOT_WHITELISTED');
      expect(new URL(page.url()).origin).toBe(t.url);
      expect(new URL(page.url()).pathname).toBe('/handler/error');
      await screenshot('untrusted-return-refused');
    },
    browserTestTimeout,
  );
});

describe('hosted magic link', () => {
  test(
    'the emailed magic link signs in and lands on the return target',
    async () => {
      const { page, problems, screenshot } = await newPage();
      // A new address: the magic link signs the visitor up and in (new users go to after-sign-up,
      // which the return target overrides).
      const email = uniqueEmail('magic');
      const target = `http://127.0.0.1:${landing.port}/after-magic-link`;
      await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent(target)}`);
      await field(page, 'Email').fill(email);
      await page.getByRole('button', { name: 'Send magic link' }).click();
      // The code step takes the forms' place: no second email field, no provider buttons.
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await page.getByText('Email sent!').waitFor();
      expect(await field(page, 'Email').count()).toBe(0);
      await screenshot('magic-link-sent');

      const link = firstLink(await smtp.waitFor(email));
      expect(link.startsWith(`${t.url}/handler/magic-link-callback?`)).toBe(true);
      await page.goto(link);
      await page.waitForURL(target);
      expect(await textOf(page, 'landed')).toBe('landed on /after-magic-link');

      // The same link again: already signed in now, so the page says so instead of spending it.
      await page.goto(link);
      expect(await textOf(page, 'already-signed-in')).toContain('You are already signed in');
      await screenshot('magic-link-again-signed-in');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('hosted forgot and reset password', () => {
  test(
    'request a reset email, set a new password from the link, sign in with it',
    async () => {
      const { page, problems, screenshot } = await newPage();
      const email = uniqueEmail('reset');
      await createUser(email);
      await page.goto(`${t.url}/handler/forgot-password`);
      expect(await page.getByRole('heading').innerText()).toBe('Reset Your Password');
      await field(page, 'Your Email').fill(email);
      await page.getByRole('button', { name: 'Send Email' }).click();
      const sent = await textOf(page, 'forgot-password-sent');
      expect(sent).toContain('Email sent!');
      expect(sent).toContain(
        'If the user with this e-mail address exists, an e-mail was sent to your inbox. Make sure to check your spam folder.',
      );
      await screenshot('forgot-password-sent');

      const link = firstLink(await smtp.waitFor(email, (m) => /reset/i.test(m.subject)));
      await page.goto(link);
      await page.getByTestId('password-reset-page').waitFor();
      const newPassword = 'a brand new password';
      await field(page, 'New Password').fill('short');
      await field(page, 'Repeat New Password').fill('short');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Password too short. Minimum length is 8.').waitFor();
      await field(page, 'New Password').fill(newPassword);
      await field(page, 'Repeat New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const done = await textOf(page, 'password-reset-done');
      expect(done).toContain('Password reset successfully!');
      expect(done).toContain('Your password has been reset. You can now sign in with your new password.');
      await screenshot('password-reset-done');

      // The link is spent; the new password works and the old one does not.
      await page.goto(link);
      expect(await textOf(page, 'used-link')).toContain('Used Password Reset Link');
      const signIn = (pw: string) =>
        call(t, 'POST', '/auth/password/sign-in', { headers: as(t.demo!, 'client'), body: { email, password: pw } });
      expect((await signIn(newPassword)).status).toBe(200);
      expect((await signIn(password)).json.code).toBe('EMAIL_PASSWORD_MISMATCH');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('hosted error page', () => {
  test(
    'without all of errorCode, message and details it shows the unknown error',
    async () => {
      const { page, screenshot } = await newPage();
      await page.goto(`${t.url}/handler/error?errorCode=SOMETHING`);
      const card = await textOf(page, 'unknown-error');
      expect(card).toContain('An unknown error occurred');
      expect(card).toContain('Please try again and if the problem persists, contact support.');
      expect(card).toContain('Go to home');
      await screenshot('error-unknown');
    },
    browserTestTimeout,
  );

  test(
    'with its parameters it shows the code and the message',
    async () => {
      const { page, screenshot } = await newPage();
      const query = new URLSearchParams({ errorCode: 'INVALID_SCOPE', message: 'The scope is not valid.', details: '{}' });
      await page.goto(`${t.url}/handler/error?${query}`);
      const card = await textOf(page, 'known-error');
      expect(card).toContain('An error occurred');
      expect(card).toContain('Error Code');
      expect(card).toContain('Error Message');
      expect(await textOf(page, 'error-code')).toBe('INVALID_SCOPE');
      expect(await textOf(page, 'error-message')).toBe('The scope is not valid.');
      expect(await page.getByRole('button', { name: 'Go to Home' }).isVisible()).toBe(true);
      await screenshot('error-parsed');
    },
    browserTestTimeout,
  );
});
