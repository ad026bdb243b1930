// Browser-test support: one Debian Chromium per test file (playwright-core, never a downloaded
// browser), pages that fail the test on console or page errors, screenshots kept as artifacts
// in test-artifacts/, and the hosted screens built when their sources changed.
import { expect } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildUi } from '../../scripts/build-ui';
import { ensureChromium } from '../../scripts/ensure-chromium';
import { withInstance, type FileInstance } from '../support/file-instance';
import { makeTempDir, repoRoot } from '../support/instance';
import { withMailInstance, type MailInstance, type MailInstanceOptions } from '../support/mail-instance';

export const artifactsDir = join(repoRoot, 'test-artifacts', 'browser');

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = await ensureChromium();
  await buildUi({ ifStale: true, quiet: true });
  mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch({ executablePath, args: chromiumArgs });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  problems: string[];
  /** Saves a full-page PNG as test-artifacts/browser/<name>.png. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
  /** Checks that the page logged no problems, then closes it: how most browser tests end. */
  closeWithoutProblems(): Promise<void>;
}

/** A fresh context (own cookies) and page; `colorScheme` picks the light or dark theme. */
export async function openPage(browser: Browser, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<TestPage> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 900, height: 760 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // A failed API call answers 200 with an error body (override-error-status), so resource
    // errors are not expected; any console error is a real problem.
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return {
    page,
    context,
    problems,
    async screenshot(name) {
      await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
    },
    close: () => context.close(),
    async closeWithoutProblems() {
      expect(problems).toEqual([]);
      await context.close();
    },
  };
}

/** Text of the element with `data-testid`, once it is visible. */
export async function textOf(page: Page, testId: string): Promise<string> {
  const locator = page.getByTestId(testId);
  await locator.waitFor({ state: 'visible' });
  return (await locator.innerText()).trim();
}

/**
 * A DevTools virtual authenticator on the page: a platform key with resident credentials that
 * verifies the user, so WebAuthn ceremonies complete without a person.
 */
export async function addVirtualAuthenticator(opened: TestPage): Promise<void> {
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

/**
 * Bundles `entry` for the browser and serves it on 127.0.0.1 as /app.js under a blank page at /.
 * Browser code under test is loaded from http://localhost:PORT (WebAuthn refuses IP-address RP ids).
 */
export async function serveBundledPage(entry: string): Promise<ReturnType<typeof Bun.serve>> {
  const built = await Bun.build({ entrypoints: [entry], outdir: makeTempDir('authd-page-bundle-'), target: 'browser' });
  if (!built.success) throw new Error(built.logs.map(String).join('\n'));
  const bundle = await Bun.file(built.outputs[0]!.path).text();
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request) =>
      new URL(request.url).pathname === '/app.js'
        ? new Response(bundle, { headers: { 'content-type': 'text/javascript' } })
        : new Response('<!doctype html><title>app</title><script type="module" src="/app.js"></script>', {
            headers: { 'content-type': 'text/html' },
          }),
  });
}

/** On a sign-in screen already open: the Password tab, the email and password, then Sign In. */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: 'Password' }).click();
  // The password form replaces the other tab's (asynchronously in the preact build).
  await page.getByTestId('password-sign-in-form').waitFor();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** On the sign-in page a redirect led to (with its return path): the password form, signed in. */
export async function signInWhereRedirected(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/handler\/sign-in\?after_auth_return_to=/);
  await signInWithPassword(page, email, password);
}

export interface BrowserFileOptions extends MailInstanceOptions {
  /** Pages the file's tests opened, closed before the browser (an array the tests push to). */
  pages?: { close(): Promise<unknown> }[];
}

/** The file's Chromium beside its instance: launched when the instance is up, closed last (pages first). */
function browserBeside(options: BrowserFileOptions) {
  let browser: Browser | undefined;
  return {
    launch: async () => (browser = await launchBrowser()),
    options: {
      ...options,
      timeoutMillis: options.timeoutMillis ?? 180_000,
      beforeStop: async () => {
        for (const page of options.pages ?? []) await page.close().catch(() => undefined);
        try {
          await options.beforeStop?.();
        } finally {
          await browser?.close();
        }
      },
    },
  };
}

/** withMailInstance plus one Chromium for the file, given to `ready` with the instance and receiver. */
export function withMailBrowser(
  ready: (started: MailInstance & { browser: Browser }) => Promise<unknown> | unknown,
  options: BrowserFileOptions = {},
): void {
  withBrowserBeside(withMailInstance, ready, options);
}

/** withInstance plus one Chromium for the file, given to `ready` with the instance. */
export function withInstanceBrowser(
  ready: (started: FileInstance & { browser: Browser }) => Promise<unknown> | unknown,
  options: BrowserFileOptions = {},
): void {
  withBrowserBeside(withInstance, ready, options);
}

function withBrowserBeside<S>(
  withStarted: (ready: (started: S) => Promise<void>, options: BrowserFileOptions) => void,
  ready: (started: S & { browser: Browser }) => Promise<unknown> | unknown,
  options: BrowserFileOptions,
): void {
  const beside = browserBeside(options);
  withStarted(async (started) => void (await ready({ ...started, browser: await beside.launch() })), beside.options);
}
