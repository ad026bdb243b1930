// The admin console in the admin's language, in Chromium against a real authd: Japanese and
// Arabic (right to left, the sidebar and tables mirrored) chosen once by the browser's languages
// and once by the admin's stored locale, `?lang=` over both, only the chosen locale's messages
// downloaded; and every console page in the pseudo locale (`?lang=en-XA`) at 390 px with no word
// outside the catalogue and nothing cut off. Screenshots go to test-artifacts/browser.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { auditEventTypes } from '../../server/protocol/audit-schemas';
import { oauthProviderIds } from '../../server/protocol/oauth-provider-ids';
import { localeNames } from '../../server/protocol/locale-names';
import jaMessages from '../../server/protocol/messages/console/console-ja';
import arMessages from '../../server/protocol/messages/console/console-ar';
import { createOwnedProject, ownerHeaders, signIn, type SignedIn } from '../support/admins';
import { as, call, expectOk, uniqueEmail } from '../support/user-views';
import { runCli, startTestInstance, type TestInstance } from '../support/instance';
import { artifactsDir, launchBrowser } from './browser-support';
import { signInContext } from './widget-checks';
import { expectAllFromCatalogue } from './pseudo-locale-checks';

let t: TestInstance;
let browser: Browser;
const adminPassword = 'console languages passphrase 9';
const timeout = 180_000;

beforeAll(async () => {
  t = await startTestInstance({});
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

/** A new admin (made by `authd admins add`) with `locale` stored on the user, or none. */
async function newAdmin(locale: string | null): Promise<SignedIn & { email: string }> {
  const email = uniqueEmail(`console-lang-${locale ?? 'none'}`);
  const added = await runCli(['admins', 'add', email, '--password-stdin', ...t.databaseArgs], { stdin: adminPassword });
  expect(added.code).toBe(0);
  const admin = await signIn(t, t.internal, email, adminPassword);
  if (locale) {
    const patched = await call(t, 'PATCH', '/users/me', { headers: as(t.internal, 'client', admin.access_token), body: { locale } });
    expect(patched.json.locale).toBe(locale);
  }
  return { ...admin, email };
}

interface Opened {
  page: Page;
  problems: string[];
  /** The console's message chunks the browser downloaded (console-<locale>-<hash>.js). */
  catalogues: string[];
  close(): Promise<void>;
}

/** The console signed in as `admin`, in a browser whose languages are `browserLocale`. */
async function openConsole(admin: SignedIn, options: { browserLocale: string; width: number; dark?: boolean }): Promise<Opened> {
  const context = await browser.newContext({
    locale: options.browserLocale,
    colorScheme: options.dark ? 'dark' : 'light',
    viewport: { width: options.width, height: 860 },
  });
  await signInContext(t, t.internal, context, admin.user_id);
  const page = await context.newPage();
  const problems: string[] = [];
  const catalogues: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const name = /\/admin\/_assets\/console-([A-Za-z-]+)-[a-z0-9]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (name) catalogues.push(name);
  });
  return { page, problems, catalogues, close: () => context.close() };
}

async function documentLanguage(page: Page): Promise<{ lang: string; dir: string; navLeft: number; mainLeft: number; headerCell: string }> {
  return await page.evaluate(() => {
    const nav = document.querySelector('nav')!.getBoundingClientRect();
    const main = document.querySelector('main')!.getBoundingClientRect();
    const th = document.querySelector('th');
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      navLeft: nav.left,
      mainLeft: main.left,
      headerCell: th ? getComputedStyle(th).textAlign : '',
    };
  });
}

const cases = [
  { locale: 'ja', messages: jaMessages, dir: 'ltr' },
  { locale: 'ar', messages: arMessages, dir: 'rtl' },
] as const;

describe.each(cases)('the console in $locale', ({ locale, messages, dir }) => {
  for (const source of ['browser', 'stored'] as const) {
    test(
      source === 'browser'
        ? `chosen by the browser's languages (${locale} first): projects, a project's users with its navigation, and a dialog`
        : `chosen by the admin's stored locale over an English browser`,
      async () => {
        const admin = await newAdmin(source === 'stored' ? locale : null);
        const project = await createOwnedProject(t, admin, { display_name: `Projekt ${locale} ${source}` });
        const created = await call(t, 'POST', '/users', {
          headers: ownerHeaders(project.id, admin.access_token, 'server'),
          body: { primary_email: uniqueEmail('console-lang-user'), display_name: 'Person Eins' },
        });
        expectOk(created, 201);
        const dark = locale === 'ar';
        const width = locale === 'ar' ? 1280 : 390;
        const opened = await openConsole(admin, { browserLocale: source === 'browser' ? (locale === 'ja' ? 'ja-JP' : 'ar-EG') : 'en-US', width, dark });
        const { page } = opened;

        await page.goto(`${t.url}/admin`);
        await page.getByRole('heading', { level: 1, name: messages['projects.title'] as string }).waitFor();
        await page.getByTestId('project-card').first().waitFor();
        expect(await page.title()).toBe(messages['shell.brand'] as string);
        await page.screenshot({ path: join(artifactsDir, `console-${locale}-${source}-projects-${dark ? 'dark' : 'light'}-${width}.png`), fullPage: true });

        // The delete dialog, in the language, typed confirmation and all.
        await page.getByRole('button', { name: messages['projects.delete'] as string }).first().click();
        const dialog = page.getByRole('alertdialog');
        await dialog.getByRole('button', { name: messages['confirm.cancel'] as string }).waitFor();
        await page.screenshot({ path: join(artifactsDir, `console-${locale}-${source}-delete-dialog-${dark ? 'dark' : 'light'}-${width}.png`) });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await page.goto(`${t.url}/admin/projects/${project.id}/users`);
        await page.getByTestId('users-table').getByText('Person Eins').waitFor();
        await page.getByRole('link', { name: messages['nav.auditLog'] as string }).waitFor();
        await page.getByRole('columnheader', { name: messages['users.signedUp'] as string }).waitFor();
        const shown = await documentLanguage(page);
        expect({ lang: shown.lang, dir: shown.dir }).toEqual({ lang: locale, dir });
        expect(shown.headerCell).toBe('start');
        if (dir === 'rtl' && width >= 900) {
          // Mirrored: the project's navigation is on the right of the page, beside it.
          expect(shown.navLeft).toBeGreaterThan(shown.mainLeft);
        }
        // Dates are the locale's (Intl), not the browser's English.
        const signedUp = await page.getByTestId('users-table').locator('tbody tr td').nth(1).innerText();
        expect(signedUp).toBe(new Intl.DateTimeFormat(locale).format(Date.now()));
        await page.screenshot({ path: join(artifactsDir, `console-${locale}-${source}-users-${dark ? 'dark' : 'light'}-${width}.png`), fullPage: true });

        // Only this locale's console messages were downloaded.
        expect([...new Set(opened.catalogues)]).toEqual([locale]);
        expect(opened.problems).toEqual([]);
        await opened.close();
      },
      timeout,
    );
  }
});

test(
  '`?lang=` outranks the stored locale and the browser; the sign-in gate speaks it too',
  async () => {
    const admin = await newAdmin('ja');
    const opened = await openConsole(admin, { browserLocale: 'de-DE', width: 1280 });
    await opened.page.goto(`${t.url}/admin?lang=ar`);
    await opened.page.getByRole('heading', { level: 1, name: arMessages['projects.title'] as string }).waitFor();
    expect(await opened.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Moving between pages keeps the language chosen when the console was opened.
    await opened.page.getByRole('button', { name: arMessages['shell.signOut'] as string }).waitFor();
    expect([...new Set(opened.catalogues)]).toEqual(['ar']);
    await opened.close();

    // A signed-in user who is not an admin: the refusal is in the browser's language.
    const email = uniqueEmail('console-lang-refused');
    const signedUp = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.internal, 'client'), body: { email, password: adminPassword } });
    expect(signedUp.status).toBe(200);
    const refused = await openConsole({ user_id: signedUp.json.user_id } as SignedIn, { browserLocale: 'ja-JP', width: 390 });
    await refused.page.goto(`${t.url}/admin`);
    await refused.page.getByRole('heading', { level: 1, name: jaMessages['gate.refusedTitle'] as string }).waitFor();
    await refused.page.getByText(String(jaMessages['gate.refused']).replace('{email}', email)).waitFor();
    await refused.page.screenshot({ path: join(artifactsDir, 'console-ja-refused-light-390.png') });
    expect(refused.problems).toEqual([]);
    await refused.close();
  },
  timeout,
);

/** What a page shows that is data, not words: numbers and dates (Intl), ids, names, data choices. */
async function dataOn(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const text = document.body.innerText;
    const numbersAndDates = text.match(/[\d٠-٩][\d٠-٩/.,:\s]*(?:\s?[AP]M)?/g) ?? [];
    const dataChoices = ['#audit-type option', '#keys-provider option', '#template-locale option'].flatMap((selector) =>
      [...document.querySelectorAll(selector)].map((option) => option.textContent ?? ''),
    );
    const values = [...document.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>('textarea, input')].map((field) => field.value);
    // The server's words for what stands in the way of production mode, shown as it sends them.
    const serverSaid = [...document.querySelectorAll('[data-testid=production-readiness] li')].map((item) => item.textContent ?? '');
    return [...numbersAndDates.map((s) => s.trim()), ...dataChoices, ...values, ...serverSaid].filter((s) => s.length > 0);
  });
}

describe('every console page in the pseudo locale at 390 px: no word outside the catalogue, nothing cut off', () => {
  let opened: Opened;
  const data: string[] = [];
  const paths: Record<string, string> = {};

  beforeAll(async () => {
    const admin = await newAdmin(null);
    const project = await createOwnedProject(t, admin, { display_name: 'Pseudo project' });
    const headers = ownerHeaders(project.id, admin.access_token, 'server');
    const userEmail = uniqueEmail('pseudo-user');
    const user = expectOk(
      await call(t, 'POST', '/users', { headers, body: { primary_email: userEmail, primary_email_auth_enabled: true, display_name: 'Pseudo Person' } }),
      201,
    );
    const team = expectOk(await call(t, 'POST', '/teams', { headers, body: { display_name: 'Pseudo team' } }), 201);
    expectOk(await call(t, 'POST', `/team-memberships/${team.id}/${user.id}`, { headers, body: {} }), 201);
    const redirectUri = 'https://pseudo.example.com/callback';
    const client = expectOk(
      await call(t, 'POST', '/oidc-clients', { headers: ownerHeaders(project.id, admin.access_token), body: { name: 'Pseudo app', redirect_uris: [redirectUri] } }),
      201,
    );
    // The OIDC client's name, id and redirect URI are data, and so are the scopes' protocol names.
    data.push('Pseudo app', client.client_id, redirectUri, 'openid', 'profile', 'email', 'offline_access', 'teams');
    data.push(admin.email, 'Pseudo project', 'Pseudo Person', userEmail, 'Pseudo team', project.id, user.id, team.id, 'authd admins add EMAIL', '$', '{{ variables }}');
    data.push(...auditEventTypes, ...oauthProviderIds, ...Object.values(localeNames), 'https://', '/handler', '…', user.id.slice(0, 8));
    // The built-in permissions' ids are data, shown as they are.
    const definitions = await call(t, 'GET', '/team-permission-definitions', { headers: ownerHeaders(project.id, admin.access_token) });
    data.push(...expectOk(definitions, 200).items.map((definition: { id: string }) => definition.id));
    const base = `/admin/projects/${project.id}`;
    Object.assign(paths, {
      projects: '/admin',
      overview: `${base}/overview`,
      users: `${base}/users`,
      user: `${base}/users/${user.id}`,
      teams: `${base}/teams`,
      team: `${base}/teams/${team.id}`,
      permissions: `${base}/permissions`,
      'sign-in-methods': `${base}/sign-in-methods`,
      'api-keys': `${base}/api-keys`,
      'oidc-clients': `${base}/oidc-clients`,
      domains: `${base}/domains`,
      emails: `${base}/emails`,
      webhooks: `${base}/webhooks`,
      'audit-log': `${base}/audit-log`,
      settings: `${base}/settings`,
      'not-found': '/admin/no-such-page',
    });
    opened = await openConsole(admin, { browserLocale: 'en-US', width: 390 });
  }, timeout);

  afterAll(async () => {
    expect(opened?.problems).toEqual([]);
    await opened?.close();
  });

  const ready: Record<string, (p: Page) => Promise<unknown>> = {
    projects: (p) => p.getByTestId('project-card').waitFor(),
    overview: (p) => p.getByTestId('total-users').waitFor(),
    users: (p) => p.getByTestId('users-table').waitFor(),
    user: (p) => p.locator('#sessions-title').waitFor(),
    teams: (p) => p.getByTestId('teams-table').waitFor(),
    team: (p) => p.getByTestId('members-table').waitFor(),
    permissions: (p) => p.getByTestId('permissions-table').waitFor(),
    'sign-in-methods': (p) => p.getByTestId('own-keys-form').waitFor(),
    'api-keys': (p) => p.getByTestId('empty-state').waitFor(),
    // The client's edit form open under its table.
    'oidc-clients': async (p) => {
      await p.getByTestId('oidc-clients-table').locator('tbody button').first().click();
      await p.getByTestId('edit-oidc-client').waitFor();
    },
    domains: (p) => p.getByTestId('production-readiness').waitFor(),
    emails: (p) => p.getByTestId('template-preview').waitFor(),
    webhooks: (p) => p.getByTestId('empty-state').waitFor(),
    'audit-log': (p) => p.getByTestId('audit-table').waitFor(),
    settings: (p) => p.locator('#settings-name').waitFor(),
    'not-found': (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  };

  test.each(Object.keys(ready))(
    '%s',
    async (name) => {
      const { page } = opened;
      await page.goto(`${t.url}${paths[name]}?lang=en-XA`);
      await ready[name]!(page);
      // Every part of the page that loads on its own has loaded.
      await page.getByTestId('loading-state').first().waitFor({ state: 'detached' });
      const preview = await page.getByTestId('template-preview-subject').textContent({ timeout: 1 }).catch(() => null);
      const allowed = [...data, ...(await dataOn(page)), ...(preview ? [preview] : [])];
      if (name !== 'permissions') {
        await expectAllFromCatalogue(page, `console-${name}`, allowed, 'body');
        return;
      }
      // The permissions table (id, what it contains, two buttons) is wider than a phone in every
      // language, English included: it scrolls sideways in its frame, a focusable region, by
      // design. Everything else on the page is checked as usual; the table's words are checked too.
      await expectAllFromCatalogue(page, 'console-permissions', allowed, 'header, nav, main > :not(section), main > section:not([aria-labelledby=definitions-title])');
      const tableWords = await page.locator('[aria-labelledby=definitions-title]').evaluate((section) => (section as HTMLElement).innerText);
      const leftover = allowed
        .sort((a, b) => b.length - a.length)
        .reduce((rest, word) => rest.split(word).join(' '), tableWords.replace(/⟦[^⟦⟧]*⟧/g, ' '))
        .replace(/[\s·•|:,.()\-–]+/g, ' ')
        .trim();
      expect(leftover).toBe('');
      expect(await page.getByRole('region', { name: /Táblé óf pérmíssíóñs/ }).getAttribute('tabindex')).toBe('0');
    },
    60_000,
  );
});
