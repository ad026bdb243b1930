// Refusals a person meets in Chromium end on words, not a raw answer: the OAuth authorize and
// callback refusals on the hosted error card, a magic link for an account that
// never verified its address on its own card (item 17), and a nameless teammate shown by email in
// the members table (item 11). Real authd, real SMTP receiver, the development mock provider.
import { describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { authEn } from '../../server/protocol/messages/auth/auth-en';
import { as, call, uniqueEmail } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import { openPage, textOf, withMailBrowser, type TestPage } from './browser-support';
import { signInContext } from './widget-checks';

const unverifiedAccountMessage = authEn['auth.unverifiedAccount'];

let t: TestInstance, smtp: SmtpReceiver, browser: Browser;
const browserTestTimeout = 90_000;

async function setProviders(enabled: Record<string, boolean>): Promise<void> {
  const res = await call(t, 'PATCH', '/projects/current', {
    headers: as(t.demo!, 'admin'),
    body: {
      config: { oauth_providers: Object.entries(enabled).map(([id, on]) => ({ id, enabled: on, type: 'shared' })) },
    },
  });
  expect(res.status).toBe(200);
}

withMailBrowser(
  async (started) => {
    ({ t, smtp, browser } = started);
    await setProviders({ google: true, github: true });
  }
);

/** The hosted error card is showing `code`; returns its message. */
async function expectErrorCard(page: Page, code: string): Promise<string> {
  await page.getByTestId('known-error').waitFor();
  expect(new URL(page.url()).pathname).toBe('/handler/error');
  expect(await textOf(page, 'error-code')).toBe(code);
  expect(await page.getByRole('button', { name: 'Go to Home' }).count()).toBe(1);
  return await textOf(page, 'error-message');
}

/** authorize as the SDK builds it, for the demo project, with `changes` applied. */
function authorizeUrl(changes: Record<string, string>): string {
  const url = new URL(`${t.url}/api/v1/auth/oauth/authorize/google`);
  const fields: Record<string, string> = {
    client_id: t.demo!.projectId,
    client_secret: t.demo!.keys.publishable_client_key!,
    redirect_uri: `${t.url}/handler/oauth-callback`,
    error_redirect_url: `${t.url}/handler/error`,
    scope: 'legacy',
    state: 'x'.repeat(32),
    grant_type: 'authorization_code',
    code_challenge: 'c'.repeat(43),
    code_challenge_method: 'S256',
    response_type: 'code',
    type: 'authenticate',
    ...changes,
  };
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return url.toString();
}

async function withPage(run: (opened: TestPage) => Promise<void>): Promise<void> {
  const opened = await openPage(browser);
  try {
    await run(opened);
    expect(opened.problems).toEqual([]);
  } finally {
    await opened.close();
  }
}

describe('OAuth refusals end on the error card', () => {
  test(
    'the callback opened without its cookie (another browser, a stale provider page): OAUTH_COOKIE_NOT_FOUND',
    () =>
      withPage(async ({ page, context, screenshot }) => {
        await page.goto(`${t.url}/handler/sign-in`);
        await page.getByRole('button', { name: 'Sign in with Google' }).click();
        await page.waitForURL((url) => url.pathname.includes('/dev-oauth/'));
        // As if the provider's page were finished in another browser: authd's cookie is not there.
        await context.clearCookies();
        await page.locator('input[name="email"]').fill(uniqueEmail('stale'));
        await page.getByRole('button', { name: 'Continue' }).click();
        expect(await expectErrorCard(page, 'OAUTH_COOKIE_NOT_FOUND')).toStartWith('OAuth cookie not found');
        await screenshot('refusal-oauth-cookie-not-found');
      }),
    browserTestTimeout,
  );

  test(
    'a provider switched off after the sign-in page loaded: OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED',
    () =>
      withPage(async ({ page }) => {
        await page.goto(`${t.url}/handler/sign-in`);
        const github = page.getByRole('button', { name: 'Sign in with GitHub' });
        await github.waitFor();
        await setProviders({ google: true, github: false });
        try {
          await github.click();
          await expectErrorCard(page, 'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
        } finally {
          await setProviders({ google: true, github: true });
        }
      }),
    browserTestTimeout,
  );

  test(
    'an untrusted return target or a malformed error URL sent straight to authorize',
    () =>
      withPage(async ({ page }) => {
        await page.goto(authorizeUrl({ redirect_uri: 'https://attacker.example.net/handler/oauth-callback' }));
        // The card's own words for this code, not the developer's message.
        expect(await expectErrorCard(page, 'REDIRECT_URL_NOT_WHITELISTED')).toStartWith('The link you followed');
        await page.goto(authorizeUrl({ error_redirect_url: 'not a url' }));
        expect(await expectErrorCard(page, 'SCHEMA_ERROR')).toContain('error_redirect_url');
        await page.goto(authorizeUrl({ client_secret: 'pck_wrong' }));
        await expectErrorCard(page, 'INVALID_PUBLISHABLE_CLIENT_KEY');
      }),
    browserTestTimeout,
  );

  test(
    'an address the development provider refuses, sent from its page: DEV_PROVIDER_INVALID_EMAIL',
    () =>
      withPage(async ({ page }) => {
        await page.goto(`${t.url}/handler/sign-in`);
        await page.getByRole('button', { name: 'Sign in with Google' }).click();
        await page.waitForURL((url) => url.pathname.includes('/dev-oauth/'));
        // The field's own check is skipped, as an older page or a script would.
        await page.locator('form').evaluate((form: HTMLFormElement) => (form.noValidate = true));
        await page.locator('input[name="email"]').fill('no address');
        await page.getByRole('button', { name: 'Continue' }).click();
        expect(await expectErrorCard(page, 'DEV_PROVIDER_INVALID_EMAIL')).toBe('Please enter a valid email');
      }),
    browserTestTimeout,
  );
});

test(
  'a magic link for an account that has not verified its address explains why, with a way to sign in',
  () =>
    withPage(async ({ page, screenshot }) => {
      const email = uniqueEmail('unverified-link');
      // The link is sent while no account has the address; then a password account takes it, unverified.
      const sent = await call(t, 'POST', '/auth/otp/send-sign-in-code', {
        headers: as(t.demo!, 'client'),
        body: { email, callback_url: `${t.url}/handler/magic-link-callback` },
      });
      expect(sent.status).toBe(200);
      const signUp = await call(t, 'POST', '/auth/password/sign-up', {
        headers: as(t.demo!, 'client'),
        body: { email, password: 'correct horse battery' },
      });
      expect(signUp.status).toBe(200);
      const link = (await smtp.waitFor(email)).text.match(/https?:\/\/\S+magic-link-callback\S*/)?.[0];
      expect(link).toBeString();
      await page.goto(link!);
      await page.getByTestId('unverified-account').waitFor();
      expect(await page.getByText(unverifiedAccountMessage).count()).toBe(1);
      await screenshot('refusal-magic-link-unverified-account');
      await page.getByRole('button', { name: 'Go to sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    }),
  browserTestTimeout,
);

test(
  'a teammate without a name shows in the members table by their email',
  () =>
    withPage(async ({ page, context }) => {
      const makeUser = async (body: Record<string, unknown>) => {
        const res = await call(t, 'POST', '/users', { headers: as(t.demo!, 'server'), body });
        expect(res.status).toBe(201);
        return (res.json as { id: string }).id;
      };
      const ownerId = await makeUser({ primary_email: uniqueEmail('owner'), display_name: 'Team Owner' });
      const namelessEmail = uniqueEmail('nameless-teammate');
      const namelessId = await makeUser({ primary_email: namelessEmail });
      const team = await call(t, 'POST', '/teams', {
        headers: as(t.demo!, 'server'),
        body: { display_name: 'Email Crew', creator_user_id: ownerId },
      });
      expect(team.status).toBe(201);
      const teamId = (team.json as { id: string }).id;
      const joined = await call(t, 'POST', `/team-memberships/${teamId}/${namelessId}`, {
        headers: as(t.demo!, 'server'),
        body: {},
      });
      expect(joined.status).toBe(201);
      await signInContext(t, t.demo!, context, ownerId);
      await page.goto(`${t.url}/handler/account-settings/teams/${teamId}`);
      await page.getByTestId('team-member-row').nth(1).waitFor();
      const rows = await page.getByTestId('team-member-row').allInnerTexts();
      expect(rows[0]).toContain('Team Owner');
      expect(rows[1]).toContain(namelessEmail);
      expect(rows[1]).not.toContain('No name set');
    }),
  browserTestTimeout,
);
