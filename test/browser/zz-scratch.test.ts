import { test, expect } from 'bun:test';
import { as, call } from '../support/api-expectations';
import { startTestInstance } from '../support/instance';
import { launchBrowser, openPage } from './browser-support';
test('repro16', async () => {
  const t = await startTestInstance({});
  const browser = await launchBrowser();
  const email = `x${Date.now()}@example.com`;
  await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password: 'correct horse battery' } });
  const port = new URL(t.url).port;
  for (const target of ['evil.example.com@127.0.0.1', `http://evil.example.com@127.0.0.1:${port}/x`, `//evil.example.com@127.0.0.1:${port}/x`, `https://evil.example.com@127.0.0.1/x`, `//evil.example.com@127.0.0.1`]) {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent(target)}`);
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await Bun.sleep(2500);
    console.log(target, '=>', page.url(), (await page.locator('h1').allInnerTexts()).join('|'), problems);
    await close();
  }
  await browser.close(); await t.stop();
}, 120000);
