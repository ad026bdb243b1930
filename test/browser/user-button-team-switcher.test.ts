// The user button and the selected-team switcher as a host app shows them (examples/react-host,
// React build, authd on another origin), in Debian's Chromium: both menus opened and operated by
// mouse and by keyboard, the chosen team really saved as selected_team_id, the select's 1 s
// type-ahead (on Playwright's page clock), signed out and signed in, 390 and 1280 px, light and
// dark, axe-core clean; an emailed team invitation joined on the host's own handler pages; and the
// same widgets in a host app that builds authd/react against preact/compat.
import { describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { as, call, uniqueEmail } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import { allowClientTeamCreation, startDemoHostApp } from '../support/host-apps';
import { openPage, textOf, withMailBrowser, type TestPage } from './browser-support';
import { expectAccessible, screenshotAtBothWidths, signInContext } from './widget-checks';

let t: TestInstance, smtp: SmtpReceiver, browser: Browser, hostApp: ReturnType<typeof Bun.serve>, hostUrl: string;
let preactHostApp: ReturnType<typeof Bun.serve>;
const pages: TestPage[] = [];
const browserTestTimeout = 60_000;

withMailBrowser(
  async (started) => {
    ({ t, smtp, browser } = started);
    await allowClientTeamCreation(t);
    hostApp = await startDemoHostApp(t);
    hostUrl = `http://127.0.0.1:${hostApp.port}`;
    preactHostApp = await startDemoHostApp(t, 'preact');
  },
  {
    pages,
    instance: { settings: { hostedScreensRuntime: 'preact' } },
    beforeStop: async () => {
      hostApp?.stop(true);
      preactHostApp?.stop(true);
    },
  },
);

async function newPage(colorScheme: 'light' | 'dark' = 'light'): Promise<TestPage> {
  const opened = await openPage(browser, { colorScheme });
  pages.push(opened);
  return opened;
}

async function newUser(displayName: string | null): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('widgets');
  const res = await call(t, 'POST', '/users', {
    headers: as(t.demo!, 'server'),
    body: { primary_email: email, primary_email_auth_enabled: true, ...(displayName ? { display_name: displayName } : {}) },
  });
  expect(res.status).toBe(201);
  return { id: res.json.id, email };
}

async function newTeam(name: string, creatorId: string): Promise<string> {
  const res = await call(t, 'POST', '/teams', {
    headers: as(t.demo!, 'server'),
    body: { display_name: name, creator_user_id: creatorId },
  });
  expect(res.status).toBe(201);
  return res.json.id;
}

async function selectedTeamIdOf(userId: string): Promise<string | null> {
  const res = await call(t, 'GET', `/users/${userId}`, { headers: as(t.demo!, 'server') });
  expect(res.status).toBe(200);
  return res.json.selected_team_id;
}

/** The texts of the open dropdown's items, in order. */
async function itemTexts(page: Page, role: 'menuitem' | 'option'): Promise<string[]> {
  // An option's text part (its avatar's initial is decorative and left out).
  const items = role === 'option' ? page.locator('[role="option"] [data-part="item-text"]') : page.getByRole(role);
  return (await items.allInnerTexts()).map((text) => text.trim());
}

async function highlightedOption(page: Page): Promise<string> {
  return (await page.locator('[role="option"][data-highlighted]').innerText()).trim();
}

const userButton = (page: Page) => page.getByTestId('user-button').locator('button').first();
const switcherTrigger = (page: Page) => page.getByTestId('team-switcher').getByRole('combobox');

describe('user button', () => {
  test(
    'signed out: "Not signed in", then Sign in and Sign up; keyboard opens it and picks Sign in',
    async () => {
      const { page, problems } = await newPage();
      await page.goto(`${hostUrl}/`);
      expect(await textOf(page, 'home-status')).toBe('Not signed in');
      // The switcher needs a user: nothing is shown signed out.
      expect(await page.getByTestId('team-switcher').count()).toBe(0);
      await userButton(page).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menu.innerText()).toContain('Not signed in');
      expect(await itemTexts(page, 'menuitem')).toEqual(['Sign in', 'Sign up']);
      await screenshotAtBothWidths(page, 'user-button-signed-out');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      // Focus went back to the trigger; the keyboard opens the menu on its first item.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
      await page.keyboard.press('ArrowDown');
      await menu.waitFor();
      // The first item is highlighted a frame after the menu opens; Enter before that does nothing.
      expect(await page.locator('[role="menuitem"][data-highlighted]').innerText()).toBe('Sign in');
      // Focus moves into the menu a frame later still (on a busy machine, later than the
      // highlight): an Enter before that reaches the trigger instead of the item.
      await page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') !== null);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${hostUrl}/handler/sign-in`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'signed in: avatar initials, name and email; Account settings, host item, Toggle theme, Sign out — by mouse and keyboard',
    async () => {
      const user = await newUser('Ada Lovelace');
      const { page, context, problems } = await newPage();
      await signInContext(t, t.demo!, context, user.id, hostUrl);
      await page.goto(`${hostUrl}/`);
      expect(await textOf(page, 'home-status')).toBe(`Signed in as ${user.email}`);
      const trigger = userButton(page);
      expect(await trigger.innerText()).toContain('AL');
      expect(await trigger.innerText()).toContain('Ada Lovelace');
      expect(await trigger.innerText()).toContain(user.email);
      const avatarBox = await trigger.locator('[data-scope="avatar"][data-part="root"]').boundingBox();
      expect([avatarBox?.width, avatarBox?.height]).toEqual([34, 34]);

      await trigger.click();
      await page.getByRole('menu').waitFor();
      expect(await itemTexts(page, 'menuitem')).toEqual(['Account settings', 'Protected page', 'Toggle theme', 'Sign out']);
      await screenshotAtBothWidths(page, 'user-button-signed-in');

      // Toggle theme keeps the menu open and switches the widgets to dark.
      const root = page.getByTestId('user-button');
      expect(await root.getAttribute('data-authd-theme')).toBe('light');
      await page.getByRole('menuitem', { name: 'Toggle theme' }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="user-button"]')?.getAttribute('data-authd-theme') === 'dark',
      );
      await page.getByRole('menu').waitFor();
      await screenshotAtBothWidths(page, 'user-button-signed-in-dark');
      await page.keyboard.press('Escape');

      // Keyboard: open, walk down to the host's item, Enter runs it.
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('ArrowDown');
      expect(await page.locator('[role="menuitem"][data-highlighted]').innerText()).toBe('Protected page');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${hostUrl}/protected`);
      expect(await textOf(page, 'protected-user')).toBe(user.email);

      // Sign out from the menu ends the session.
      await page.goto(`${hostUrl}/`);
      await userButton(page).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="home-status"]')?.textContent === 'Not signed in');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'Account settings goes to {handler}/account-settings',
    async () => {
      const user = await newUser(null);
      const { page, context, problems } = await newPage();
      await signInContext(t, t.demo!, context, user.id, hostUrl);
      const visited: string[] = [];
      page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
      await page.goto(`${hostUrl}/`);
      // No display name: the initials come from the email.
      expect(await userButton(page).innerText()).toContain('WI');
      await userButton(page).click();
      await page.getByRole('menuitem', { name: 'Account settings' }).click();
      await page.waitForFunction(() => location.pathname !== '/');
      expect(visited).toContain('/handler/account-settings');
      await page.getByTestId('account-settings').waitFor();
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('selected-team switcher', () => {
  test(
    'placeholder, Other teams, choosing by mouse saves selected_team_id, Current team with its settings shortcut',
    async () => {
      const user = await newUser('Grace Hopper');
      const alpha = await newTeam('Alpha', user.id);
      const beta = await newTeam('Beta', user.id);
      const bravo = await newTeam('Bravo', user.id);
      const { page, context, problems } = await newPage();
      await signInContext(t, t.demo!, context, user.id, hostUrl);
      await page.goto(`${hostUrl}/`);
      const trigger = switcherTrigger(page);
      await trigger.waitFor();
      expect((await trigger.innerText()).trim()).toBe('Select team');
      expect(await selectedTeamIdOf(user.id)).toBeNull();

      await trigger.click();
      const list = page.getByRole('listbox');
      await list.waitFor();
      expect(await list.innerText()).toContain('Other teams');
      expect(await list.innerText()).not.toContain('Current team');
      expect(await itemTexts(page, 'option')).toEqual(['Alpha', 'Beta', 'Bravo', 'Create a team']);
      await screenshotAtBothWidths(page, 'team-switcher-no-selection');
      await page.getByRole('option', { name: 'Beta' }).click();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="team-switcher"] [role="combobox"]')?.textContent?.includes('Beta'),
      );
      expect(await selectedTeamIdOf(user.id)).toBe(beta);

      await trigger.click();
      await list.waitFor();
      const text = await list.innerText();
      expect(text.indexOf('Current team')).toBeLessThan(text.indexOf('Other teams'));
      expect(await itemTexts(page, 'option')).toEqual(['Beta', 'Team settings', 'Alpha', 'Bravo', 'Create a team']);
      expect(await page.getByRole('option', { name: 'Beta' }).getAttribute('aria-selected')).toBe('true');
      await screenshotAtBothWidths(page, 'team-switcher-current-team');

      const visited: string[] = [];
      page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
      await page.getByRole('option', { name: 'Team settings' }).click();
      await page.waitForFunction(() => location.pathname !== '/');
      expect(visited).toContain(`/handler/account-settings/teams/${beta}`);
      // The host's AuthHandler shows that team's settings page.
      await page.getByTestId('team-profile-section').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/handler/account-settings/teams/${beta}`);
      // The shortcut changes nothing about the selection.
      expect(await selectedTeamIdOf(user.id)).toBe(beta);
      expect([alpha, bravo]).not.toContain(beta);
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'keyboard (dark): open, type-ahead keys within 1 s form one search and reset after it, Enter chooses',
    async () => {
      const user = await newUser('Alan Turing');
      const alpha = await newTeam('Alpha', user.id);
      const beta = await newTeam('Beta', user.id);
      await newTeam('Bravo', user.id);
      const patched = await call(t, 'PATCH', `/users/${user.id}`, {
        headers: as(t.demo!, 'server'),
        body: { selected_team_id: beta },
      });
      expect(patched.status).toBe(200);
      const { page, context, problems } = await newPage('dark');
      // Fake timers that still run in real time, so the test can jump over the type-ahead window.
      await page.clock.install();
      await signInContext(t, t.demo!, context, user.id, hostUrl);
      await page.goto(`${hostUrl}/`);
      const trigger = switcherTrigger(page);
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="team-switcher"] [role="combobox"]')?.textContent?.includes('Beta'),
      );
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor();
      expect(await highlightedOption(page)).toContain('Beta');

      // 'b' jumps to the next B (Bravo); 'e' 600 ms later still continues the search: "be" → Beta.
      await page.keyboard.press('b');
      expect(await highlightedOption(page)).toContain('Bravo');
      await page.clock.fastForward(600);
      await page.keyboard.press('e');
      expect(await highlightedOption(page)).toContain('Beta');
      // After a full second the search starts over: 'b' alone → Bravo again (not "beb", which matches nothing).
      await page.clock.fastForward(1000);
      await page.keyboard.press('b');
      expect(await highlightedOption(page)).toContain('Bravo');

      await screenshotAtBothWidths(page, 'team-switcher-keyboard-dark');
      // A second on, so 'a' starts a search of its own ("a" → Alpha), not "ba", which matches
      // nothing: the screenshots above take less than that on a fast run, and the clock is ours.
      await page.clock.fastForward(1000);
      await page.keyboard.press('a');
      expect(await highlightedOption(page)).toContain('Alpha');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="team-switcher"] [role="combobox"]')?.textContent?.includes('Alpha'),
      );
      expect(await selectedTeamIdOf(user.id)).toBe(alpha);
      await expectAccessible(page);
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );

  test(
    'a user without teams sees "No teams yet" and "Create a team"',
    async () => {
      const user = await newUser('Solo User');
      const { page, context, problems } = await newPage();
      await signInContext(t, t.demo!, context, user.id, hostUrl);
      await page.goto(`${hostUrl}/`);
      await switcherTrigger(page).click();
      const list = page.getByRole('listbox');
      await list.waitFor();
      expect(await list.innerText()).toContain('No teams yet');
      expect(await itemTexts(page, 'option')).toEqual(['Create a team']);
      await screenshotAtBothWidths(page, 'team-switcher-no-teams');
      const visited: string[] = [];
      page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
      await page.keyboard.press('ArrowDown');
      expect(await highlightedOption(page)).toBe('Create a team');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.pathname !== '/');
      expect(visited).toContain('/handler/account-settings/team-creation');
      await page.getByTestId('team-creation-form').waitFor();
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('team invitation in the host app', () => {
  test(
    "an emailed link to the host's own /handler/team-invitation is joined there, and the switcher then lists the team",
    async () => {
      const owner = await newUser('Team Owner');
      const teamId = await newTeam('Host Club', owner.id);
      const invitee = await newUser('Invited Person');
      const ownerSession = await call(t, 'POST', '/auth/sessions', {
        headers: as(t.demo!, 'server'),
        body: { user_id: owner.id },
      });
      const sent = await call(t, 'POST', '/team-invitations/send-code', {
        headers: as(t.demo!, 'client', ownerSession.json.access_token),
        body: { team_id: teamId, email: invitee.email, callback_url: `${hostUrl}/handler/team-invitation` },
      });
      expect(sent.status).toBe(200);
      const mail = await smtp.waitFor(invitee.email, (m) => m.subject.startsWith('You have been invited'));
      const link = mail.text.match(/https?:\/\/\S+/)![0];
      expect(link.startsWith(`${hostUrl}/handler/team-invitation?code=`)).toBe(true);

      const { page, context, problems } = await newPage();
      await signInContext(t, t.demo!, context, invitee.id, hostUrl);
      await page.goto(link);
      expect(await textOf(page, 'team-invitation-details')).toContain('You are invited to join Host Club');
      await page.getByRole('button', { name: 'Join' }).click();
      expect(await textOf(page, 'team-invitation-joined')).toContain('You have successfully joined Host Club');
      await screenshotAtBothWidths(page, 'host-app-team-invitation-joined');

      await page.goto(`${hostUrl}/`);
      await switcherTrigger(page).click();
      await page.getByRole('listbox').waitFor();
      expect(await itemTexts(page, 'option')).toEqual(['Host Club', 'Create a team']);
      await page.getByRole('option', { name: 'Host Club' }).click();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="team-switcher"] [role="combobox"]')?.textContent?.includes('Host Club'),
      );
      expect(await selectedTeamIdOf(invitee.id)).toBe(teamId);
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('in a host app built with preact/compat', () => {
  test(
    'the user button menu, choosing a team in the switcher, and Sign out work as with React',
    async () => {
      const preactUrl = `http://127.0.0.1:${preactHostApp.port}`;
      const user = await newUser('Mary Somerville');
      await newTeam('Alpha', user.id);
      const beta = await newTeam('Beta', user.id);
      const { page, context, problems } = await newPage('dark');
      await signInContext(t, t.demo!, context, user.id, preactUrl);
      await page.goto(`${preactUrl}/`);
      // The bundle really is the Preact one: React's element symbol and devtools hook are absent,
      // Preact's vnode symbol is there (each is present in the React build instead).
      const script = await (await fetch(`${preactUrl}/app.js`)).text();
      expect(script.includes('react.transitional.element') || script.includes('__REACT_DEVTOOLS')).toBe(false);
      expect(script).toContain('Symbol.for("pv")');

      await userButton(page).click();
      await page.getByRole('menu').waitFor();
      expect(await itemTexts(page, 'menuitem')).toContain('Sign out');
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      await switcherTrigger(page).click();
      await page.getByRole('listbox').waitFor();
      expect(await itemTexts(page, 'option')).toEqual(['Alpha', 'Beta', 'Create a team']);
      await page.getByRole('option', { name: 'Beta' }).click();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="team-switcher"] [role="combobox"]')?.textContent?.includes('Beta'),
      );
      expect(await selectedTeamIdOf(user.id)).toBe(beta);
      await screenshotAtBothWidths(page, 'preact-host-team-switcher-dark');

      await userButton(page).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="home-status"]')?.textContent === 'Not signed in');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});
