// What the package tests do in Chromium on a fresh host app: sign up and in on the host's own
// /handler pages, the user button, the selected-team switcher, and the JavaScript a visitor of
// the sign-in page downloads (brotli), measured on the wire of the built app.
import { expect } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { as, call } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { openPage, textOf, type TestPage } from '../browser/browser-support';

export const password = 'correct horse battery';

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** The user id in the access token the browser client keeps in the host's `stack-access` cookie. */
export async function signedInUserId(opened: TestPage): Promise<string> {
  const cookie = (await opened.context.cookies()).find((c) => c.name === 'stack-access');
  expect(cookie).toBeDefined();
  const accessToken = (JSON.parse(decodeURIComponent(cookie!.value)) as string[])[1]!;
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sub;
}

/** Signs up on the host's /handler/sign-up, back to its home page. */
export async function signUpOnHost(page: Page, hostUrl: string, email: string): Promise<void> {
  await page.goto(`${hostUrl}/handler/sign-up?after_auth_return_to=${encodeURIComponent('/')}`);
  await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
  await page.getByRole('tab', { name: 'Password' }).click();
  await field(page, 'Repeat Password').waitFor();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await field(page, 'Repeat Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL(`${hostUrl}/`);
  expect(await textOf(page, 'home-status')).toBe(`Signed in as ${email}`);
}

/** Signs in with a password on the host's /handler/sign-in, back to its home page. */
export async function signInOnHost(page: Page, hostUrl: string, email: string): Promise<void> {
  await page.goto(`${hostUrl}/handler/sign-in?after_auth_return_to=${encodeURIComponent('/')}`);
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByTestId('password-sign-in-form').waitFor();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${hostUrl}/`);
  expect(await textOf(page, 'home-status')).toBe(`Signed in as ${email}`);
}

const userButton = (page: Page) => page.getByTestId('user-button').locator('button').first();

/** The user button shows the user; its Sign out item signs out (for good: a reload stays signed out). */
export async function signOutWithUserButton(page: Page, hostUrl: string, email: string): Promise<void> {
  await userButton(page).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  expect(await menu.innerText()).toContain(email);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // Signing out happens in place: the page re-renders signed out.
  await page.waitForFunction(() => document.querySelector('[data-testid="home-status"]')?.textContent === 'Not signed in');
  await page.reload();
  expect(await textOf(page, 'home-status')).toBe('Not signed in');
}

/** Two teams for the user; the switcher on the host's home page selects the second one for real. */
export async function switchTeams(t: TestInstance, page: Page, hostUrl: string, userId: string): Promise<void> {
  const teamIds: string[] = [];
  for (const name of ['Alpha', 'Beta']) {
    const res = await call(t, 'POST', '/teams', {
      headers: as(t.demo!, 'server'),
      body: { display_name: name, creator_user_id: userId },
    });
    expect(res.status).toBe(201);
    teamIds.push(res.json.id);
  }
  await page.goto(`${hostUrl}/`);
  const trigger = page.getByTestId('team-switcher').getByRole('combobox');
  await trigger.click();
  await page.getByRole('option', { name: 'Beta' }).click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="team-switcher"] [role="combobox"]')?.textContent?.includes('Beta'),
  );
  const user = await call(t, 'GET', `/users/${userId}`, { headers: as(t.demo!, 'server') });
  expect(user.json.selected_team_id).toBe(teamIds[1]);
}

/** The whole flow of the issue on one host app: sign up, sign out, sign in, switch teams. */
export async function driveHostApp(
  t: TestInstance,
  browser: Browser,
  hostUrl: string,
  label: string,
  signedIn?: (opened: TestPage, userId: string) => Promise<void>,
): Promise<void> {
  expect(new URL(hostUrl).origin).not.toBe(new URL(t.url).origin);
  const opened = await openPage(browser);
  try {
    const { page, problems, screenshot } = opened;
    const email = `${label}-${Date.now()}@example.com`;
    await signUpOnHost(page, hostUrl, email);
    const userId = await signedInUserId(opened);
    await signOutWithUserButton(page, hostUrl, email);
    await signInOnHost(page, hostUrl, email);
    expect(await signedInUserId(opened)).toBe(userId);
    await signedIn?.(opened, userId);
    await switchTeams(t, page, hostUrl, userId);
    await screenshot(`${label}-home`);
    expect(problems).toEqual([]);
  } finally {
    await opened.close();
  }
}

/** Brotli bytes of every script a fresh visitor of `url` downloads before `ready` resolves. */
export async function scriptBytes(browser: Browser, url: string, ready: (page: Page) => Promise<unknown>): Promise<number> {
  const opened = await openPage(browser);
  try {
    const bodies: Promise<Buffer>[] = [];
    opened.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await opened.page.goto(url);
    await ready(opened.page);
    await opened.page.waitForLoadState('networkidle');
    const all = await Promise.all(bodies);
    expect(all.length).toBeGreaterThan(0);
    return all.reduce((sum, body) => sum + brotliCompressSync(body).length, 0);
  } finally {
    await opened.close();
  }
}

/** Brotli bytes of the JavaScript files a build wrote to `dir` (a page without lazy chunks loads them all). */
export function builtScriptBytes(dir: string): number {
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  return files.reduce((sum, file) => sum + brotliCompressSync(readFileSync(join(dir, file))).length, 0);
}

/** What authd adds to a host's sign-in page: its scripts minus those of the framework alone. */
export async function signInPageWeight(browser: Browser, hostUrl: string, frameworkAlone: () => Promise<number>) {
  const signInPage = await scriptBytes(browser, `${hostUrl}/handler/sign-in`, (page) =>
    page.getByRole('heading', { name: 'Sign in to your account' }).waitFor(),
  );
  const reactAlone = await frameworkAlone();
  return { signInPage, reactAlone, added: signInPage - reactAlone };
}
