// WebAuthn in Chromium for tests: a test instance, a browser and a bundled page served at
// http://localhost:PORT (WebAuthn refuses IP-address RP ids), started before a file's tests and
// stopped after them; and a signed-up user of a passkey project with the page open on a virtual
// authenticator.
import { afterAll, beforeAll } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { addVirtualAuthenticator, launchBrowser, openPage, serveBundledPage, type TestPage } from '../browser/browser-support';
import { makeProject } from './api-expectations';
import { signUp, type SignedIn } from './accounts';
import { startTestInstance, type TestInstance } from './instance';
import { setProjectConfig } from './user-views';

export interface PasskeyPageKit {
  t: TestInstance;
  browser: Browser;
  pageServer: ReturnType<typeof Bun.serve>;
}

/** Registers the file's hooks; the returned kit is filled in by its beforeAll. */
export function withPasskeyPages(entryFile: string): PasskeyPageKit {
  const kit = {} as PasskeyPageKit;
  beforeAll(async () => {
    kit.t = await startTestInstance();
    kit.pageServer = await serveBundledPage(entryFile);
    kit.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await kit.browser?.close();
    kit.pageServer?.stop(true);
    await kit.t?.stop();
  });
  return kit;
}

/**
 * A new project with passkeys on, a user signed up in it (no verification email), and the page
 * open with a virtual authenticator once `bundleLoaded` holds in it.
 */
export async function openPasskeyPage(
  kit: PasskeyPageKit,
  projectName: string,
  bundleLoaded: () => boolean,
): Promise<{ project: BootstrappedProject; user: SignedIn; opened: TestPage }> {
  const project = await makeProject(kit.t, projectName);
  await setProjectConfig(kit.t, project, { passkey_enabled: true });
  const user = await signUp(kit.t, project, { callbackUrl: null });
  const opened = await openPage(kit.browser);
  await addVirtualAuthenticator(opened);
  await opened.page.goto(`http://localhost:${kit.pageServer.port}/`);
  await opened.page.waitForFunction(bundleLoaded, undefined, { timeout: 10_000 }).catch(() => {
    throw new Error(`the page's bundle did not load: ${opened.problems.join('; ')}`);
  });
  return { project, user, opened };
}
