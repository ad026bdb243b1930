// The team-invitation page ({handler}/team-invitation?code=) in Debian's Chromium against a real
// authd and SMTP receiver, preact build: the emailed link opened signed out, through sign-in and
// back with the code kept, then joined; signed in → join → success; opened by another account
// (named, warned, 'Join anyway'; refused where the project requires the invited address); Ignore;
// expired, used and missing codes. Every state is screenshotted at 390 and 1280 px, light or dark, and axe-checked.
import { describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { as, call, uniqueEmail } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver';
import { shiftClock } from '../support/user-views';
import { openPage, textOf, withMailBrowser, type TestPage } from './browser-support';
import { screenshotAtBothWidths, signInContext } from './widget-checks';

let t: TestInstance, smtp: SmtpReceiver, browser: Browser;
const pages: TestPage[] = [];
const browserTestTimeout = 60_000;
const password = 'correct horse battery';
let ownerToken: string, teamId: string;
const teamName = 'Rocket Club';
const sevenDays = 7 * 24 * 3600 * 1000;

async function signUp(email: string): Promise<{ userId: string; accessToken: string }> {
  const res = await call(t, 'POST', '/auth/password/sign-up', {
    headers: as(t.demo!, 'client'),
    body: { email, password, verification_callback_url: `${t.url}/handler/email-verification` },
  });
  expect(res.status).toBe(200);
  const body = res.json as { user_id: string; access_token: string };
  return { userId: body.user_id, accessToken: body.access_token };
}

withMailBrowser(
  async (started) => {
    ({ t, smtp, browser } = started);
    const owner = await signUp(uniqueEmail('owner'));
    ownerToken = owner.accessToken;
    const team = await call(t, 'POST', '/teams', {
      headers: as(t.demo!, 'server'),
      body: { display_name: teamName, creator_user_id: owner.userId },
    });
    expect(team.status).toBe(201);
    teamId = (team.json as { id: string }).id;
  },
  {
    pages,
    instance: { settings: { hostedScreensRuntime: 'preact' } },
  },
);

async function newPage(colorScheme: 'light' | 'dark' = 'light'): Promise<TestPage> {
  const opened = await openPage(browser, { colorScheme });
  pages.push(opened);
  return opened;
}

/** The team's owner invites `email` (client key and session, as the team page does); returns the emailed link. */
async function invite(email: string): Promise<string> {
  const res = await call(t, 'POST', '/team-invitations/send-code', {
    headers: as(t.demo!, 'client', ownerToken),
    body: { team_id: teamId, email, callback_url: `${t.url}/handler/team-invitation` },
  });
  expect(res.status).toBe(200);
  const mail: ReceivedEmail = await smtp.waitFor(email, (m) => m.subject.startsWith('You have been invited'));
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in the invitation email');
  return link;
}

async function memberIds(): Promise<string[]> {
  const res = await call(t, 'GET', `/users?team_id=${teamId}`, { headers: as(t.demo!, 'server') });
  expect(res.status).toBe(200);
  return (res.json as { items: { id: string }[] }).items.map((u) => u.id);
}

async function expectCard(page: Page, testId: string, ...texts: string[]): Promise<string> {
  const text = await textOf(page, testId);
  for (const expected of texts) expect(text).toContain(expected);
  return text;
}

describe('team invitation page', () => {
  test(
    'the emailed link, opened signed out in a second browser: sign in, come back with the code, join',
    async () => {
      const email = uniqueEmail('invitee');
      const invitee = await signUp(email);
      const link = await invite(email);
      expect(new URL(link).pathname).toBe('/handler/team-invitation');
      const code = new URL(link).searchParams.get('code')!;

      const { page, problems } = await newPage();
      await page.goto(link);
      await expectCard(page, 'team-invitation-signed-out', 'Sign in or create an account to join the team.');
      await page.getByRole('button', { name: 'Cancel' }).waitFor();
      expect(await page.title()).toBe('Team invitation – Demo project');
      await screenshotAtBothWidths(page, 'team-invitation-signed-out');

      await page.getByRole('button', { name: 'Go to sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/handler/sign-in');
      const returnTo = new URL(page.url()).searchParams.get('after_auth_return_to')!;
      expect(new URL(returnTo, t.url).searchParams.get('code')).toBe(code);

      await page.getByRole('tab', { name: 'Password' }).click();
      // Scoped to the password form: the magic-link tab's Email field may still be leaving.
      const form = page.getByTestId('password-sign-in-form');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await form.getByRole('button', { name: 'Sign In' }).click();

      // Back on the invitation, code and all, now signed in.
      await page.waitForURL((url) => url.pathname === '/handler/team-invitation' && url.searchParams.get('code') === code);
      await expectCard(page, 'team-invitation-details', `You are invited to join ${teamName}`);
      expect(await memberIds()).not.toContain(invitee.userId);
      await screenshotAtBothWidths(page, 'team-invitation-details');
      await page.getByRole('button', { name: 'Join' }).click();
      await expectCard(page, 'team-invitation-joined', `You have successfully joined ${teamName}`);
      await page.getByRole('button', { name: 'Go to home' }).waitFor();
      expect(await memberIds()).toContain(invitee.userId);
      await screenshotAtBothWidths(page, 'team-invitation-joined');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'signed in already (dark theme): the invitation shows the team, Join joins, Go to home leaves',
    async () => {
      const email = uniqueEmail('signed-in');
      const invitee = await signUp(email);
      const link = await invite(email);
      const { page, context, problems } = await newPage('dark');
      await signInContext(t, t.demo!, context, invitee.userId);
      await page.goto(link);
      await expectCard(page, 'team-invitation-details', `You are invited to join ${teamName}`);
      // The invited address and the account are named; they are the same, so no warning.
      expect(await textOf(page, 'invited-address')).toBe(email);
      expect(await textOf(page, 'signed-in-as')).toBe(email);
      expect(await page.getByTestId('invitation-other-account').count()).toBe(0);
      await screenshotAtBothWidths(page, 'team-invitation-details-dark');
      // Keyboard: Tab reaches Ignore, then Join; Enter joins.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Join');
      await page.keyboard.press('Enter');
      await expectCard(page, 'team-invitation-joined', `You have successfully joined ${teamName}`);
      expect(await memberIds()).toContain(invitee.userId);
      await screenshotAtBothWidths(page, 'team-invitation-joined-dark');
      await page.getByRole('button', { name: 'Go to home' }).click();
      await page.waitForURL((url) => url.pathname !== '/handler/team-invitation');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'Ignore goes home without joining',
    async () => {
      const email = uniqueEmail('ignorer');
      const invitee = await signUp(email);
      const link = await invite(email);
      const { page, context, problems } = await newPage();
      await signInContext(t, t.demo!, context, invitee.userId);
      await page.goto(link);
      await expectCard(page, 'team-invitation-details', teamName);
      await page.getByRole('button', { name: 'Ignore' }).click();
      await page.waitForURL((url) => url.pathname !== '/handler/team-invitation');
      expect(await memberIds()).not.toContain(invitee.userId);
      // The code is still good: ignoring spends nothing.
      const check = await call(t, 'POST', '/team-invitations/accept/check-code', {
        headers: as(t.demo!, 'client'),
        body: { code: new URL(link).searchParams.get('code') },
      });
      expect(check.json).toEqual({ is_code_valid: true });
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'an expired link gets the expired card, signed out (before any sign-in) and signed in',
    async () => {
      const email = uniqueEmail('late');
      const invitee = await signUp(email);
      const link = await invite(email);
      const { page, context, problems } = await newPage();
      const restore = shiftClock(t, sevenDays + 3600_000);
      try {
        await page.goto(link);
        await expectCard(page, 'expired-link', 'Expired Team Invitation Link');
        expect(await page.getByRole('button', { name: 'Go to sign in' }).count()).toBe(0);
        await signInContext(t, t.demo!, context, invitee.userId);
        await page.goto(link);
        await expectCard(page, 'expired-link', 'Expired Team Invitation Link');
        await screenshotAtBothWidths(page, 'team-invitation-expired');
      } finally {
        restore();
      }
      expect(await memberIds()).not.toContain(invitee.userId);
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'a used link gets the used card (dark theme)',
    async () => {
      const email = uniqueEmail('twice');
      const invitee = await signUp(email);
      const link = await invite(email);
      const accepted = await call(t, 'POST', '/team-invitations/accept', {
        headers: as(t.demo!, 'client', invitee.accessToken),
        body: { code: new URL(link).searchParams.get('code') },
      });
      expect(accepted.status).toBe(200);
      const { page, context, problems } = await newPage('dark');
      await signInContext(t, t.demo!, context, invitee.userId);
      await page.goto(link);
      await expectCard(page, 'used-link', 'Used Team Invitation Link');
      await page.getByRole('button', { name: 'Go to home' }).waitFor();
      await screenshotAtBothWidths(page, 'team-invitation-used-dark');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'opened by another account: the page names both addresses, warns, and joins only on "Join anyway"',
    async () => {
      const invitedEmail = uniqueEmail('invited');
      const link = await invite(invitedEmail);
      const otherEmail = uniqueEmail('forwarded-to');
      const other = await signUp(otherEmail);
      const { page, context, problems } = await newPage();
      await signInContext(t, t.demo!, context, other.userId);
      await page.goto(link);
      await expectCard(page, 'team-invitation-details', `You are invited to join ${teamName}`);
      expect(await textOf(page, 'invited-address')).toBe(invitedEmail);
      expect(await textOf(page, 'signed-in-as')).toBe(otherEmail);
      const warning = await textOf(page, 'invitation-other-account');
      expect(warning).toContain(
        `This invitation was sent to ${invitedEmail}, which is not an address of the account you are signed in with.`,
      );
      expect(await page.getByRole('alert').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Join', exact: true }).count()).toBe(0);
      await screenshotAtBothWidths(page, 'team-invitation-other-account');
      await page.getByRole('button', { name: 'Join anyway' }).click();
      await expectCard(page, 'team-invitation-joined', `You have successfully joined ${teamName}`);
      expect(await memberIds()).toContain(other.userId);
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'a project requiring the invited address: "Join anyway" from another account gets the other-account card, and nobody joins',
    async () => {
      const strict = await call(t, 'PATCH', '/projects/current', {
        headers: as(t.demo!, 'admin'),
        body: { config: { team_invitation_requires_matching_email: true } },
      });
      expect(strict.status).toBe(200);
      try {
        const invitedEmail = uniqueEmail('strict-invited');
        const link = await invite(invitedEmail);
        const other = await signUp(uniqueEmail('strict-other'));
        const { page, context } = await newPage('dark');
        await signInContext(t, t.demo!, context, other.userId);
        await page.goto(link);
        await page.getByRole('button', { name: 'Join anyway' }).click();
        await expectCard(
          page,
          'invitation-email-mismatch',
          'Invitation for another account',
          `This invitation was sent to ${invitedEmail}.`,
        );
        await page.getByRole('button', { name: 'Go to home' }).waitFor();
        expect(await memberIds()).not.toContain(other.userId);
        await screenshotAtBothWidths(page, 'team-invitation-email-mismatch-dark');
        // The link still works for its addressee.
        const check = await call(t, 'POST', '/team-invitations/accept/check-code', {
          headers: as(t.demo!, 'client'),
          body: { code: new URL(link).searchParams.get('code') },
        });
        expect(check.status).toBe(200);
      } finally {
        await call(t, 'PATCH', '/projects/current', {
          headers: as(t.demo!, 'admin'),
          body: { config: { team_invitation_requires_matching_email: false } },
        });
      }
    },
    browserTestTimeout,
  );

  test(
    'no code, and an unknown code, get the invalid-link card',
    async () => {
      const { page, problems } = await newPage();
      await page.goto(`${t.url}/handler/team-invitation`);
      await expectCard(page, 'invalid-link', 'Invalid Team Invitation Link', 'Please check if you have the correct link.');
      // The page stays put: no redirect to sign-in.
      expect(new URL(page.url()).pathname).toBe('/handler/team-invitation');
      await screenshotAtBothWidths(page, 'team-invitation-no-code');
      await page.goto(`${t.url}/handler/team-invitation?code=${'b'.repeat(45)}`);
      await expectCard(page, 'invalid-link', 'Invalid Team Invitation Link');

      const someone = await signUp(uniqueEmail('guess'));
      await signInContext(t, t.demo!, page.context(), someone.userId);
      await page.goto(`${t.url}/handler/team-invitation?code=${'a'.repeat(45)}`);
      await expectCard(page, 'invalid-link', 'Invalid Team Invitation Link');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});
