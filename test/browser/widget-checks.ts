// Checks the widget and team-invitation browser tests share: a session put into a browser
// context as the cookie token store keeps it, axe-core run in the page (zero serious or
// critical violations), and screenshots at the narrow (390 px) and wide (1280 px) widths.
import { expect } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call } from '../support/api-expectations';
import { repoRoot, type TestInstance } from '../support/instance';
import { artifactsDir } from './browser-support';

const axeSource = readFileSync(join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/**
 * Signs `userId` in for every page of `context` on `origin`: a server-made session whose refresh
 * token goes where the client's cookie store keeps it (the access token is then refreshed by the
 * page itself, as after a browser restart).
 */
export async function signInContext(
  t: TestInstance,
  project: BootstrappedProject,
  context: BrowserContext,
  userId: string,
  origin = t.url,
): Promise<void> {
  const res = await call(t, 'POST', '/auth/sessions', { headers: as(project, 'server'), body: { user_id: userId } });
  expect(res.status).toBe(200);
  const refreshToken = (res.json as { refresh_token: string }).refresh_token;
  await context.addCookies([
    { name: `stack-refresh-${project.projectId}`, value: encodeURIComponent(refreshToken), url: origin, sameSite: 'Lax' },
  ]);
}

/** axe-core's serious and critical violations on the page as it is now (expected: none). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as any[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}

export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

export const narrowWidth = 390;
export const wideWidth = 1280;

/**
 * Screenshots `<name>-390.png` and `<name>-1280.png`: the page at a phone's width, then at a
 * laptop's, with axe-core run at each (layout changes can break contrast or overlap labels).
 */
export async function screenshotAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [narrowWidth, wideWidth]) {
    await page.setViewportSize({ width, height: width === narrowWidth ? 844 : 800 });
    await expectAccessible(page);
    await page.screenshot({ path: join(artifactsDir, `${name}-${width}.png`), fullPage: false });
  }
}
