// `bun bench/hosted-first-render.ts`: what a browser sees of the hosted sign-in screens. Cold
// loads in Debian's Chromium (new context each, no cache), for the served preact/compat build
// and the React build: JavaScript bytes on the wire, when the skeleton paints (first contentful
// paint) and when the real card is on screen; once as this machine is, once throttled like a
// mid-range phone on a slow 4G link (DevTools protocol: 4× CPU slowdown, 150 ms latency,
// 1.6 Mbit/s down). Medians of five loads.
import { chromium, type Browser } from 'playwright-core';
import { ensureChromium } from '../scripts/ensure-chromium';
import { buildUi } from '../scripts/build-ui';
import { startTestInstance, type TestInstance } from '../test/support/instance';
import { median } from './load';

const loads = Number(process.env.BENCH_LOADS ?? 5);

interface Load {
  javascriptBytes: number;
  firstContentfulPaintMillis: number;
  cardMillis: number;
}

async function coldLoad(browser: Browser, url: string, throttled: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('.js')) sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(url);
  await page.locator('main section h1').first().waitFor({ timeout: 60_000 });
  const cardMillis = await page.evaluate(() => performance.now());
  const firstContentfulPaintMillis = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await page.waitForLoadState('networkidle');
  const javascriptBytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return { javascriptBytes, firstContentfulPaintMillis, cardMillis };
}


async function measure(t: TestInstance, browser: Browser, throttled: boolean) {
  const runs: Load[] = [];
  for (let i = 0; i < loads; i++) runs.push(await coldLoad(browser, `${t.url}/handler/sign-in`, throttled));
  return {
    kilobytes: (median(runs.map((r) => r.javascriptBytes)) / 1000).toFixed(1),
    skeleton: Math.round(median(runs.map((r) => r.firstContentfulPaintMillis))),
    card: Math.round(median(runs.map((r) => r.cardMillis))),
  };
}

await buildUi({ ifStale: true, quiet: true });
const browser = await chromium.launch({
  executablePath: await ensureChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
console.log('| build | JS transferred | skeleton painted | card rendered | throttled: skeleton | throttled: card |');
console.log('|---|---|---|---|---|---|');
for (const runtime of ['preact', 'react'] as const) {
  const t = await startTestInstance({ settings: { hostedScreensRuntime: runtime } });
  const plain = await measure(t, browser, false);
  const slow = await measure(t, browser, true);
  console.log(
    `| ${runtime} | ${plain.kilobytes} KB | ${plain.skeleton} ms | ${plain.card} ms | ${slow.skeleton} ms | ${slow.card} ms |`,
  );
  await t.stop();
}
await browser.close();
