// The hosted sign-in page against `GET /api/v1` (a static text answer) on one authd: the page is
// served from memory (server/http/hosted-screens.ts), so it should come within 2× of the
// cheapest API call. Alternating rounds, load from a separate process, medians compared.
// `bun bench/hosted-pages.ts` (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS).
import { startTestInstance } from '../test/support/instance';
import { median, runLoadGenerator } from './load';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const instance = await startTestInstance();
async function measure(path: string, headers: Record<string, string>): Promise<number> {
  const result = await runLoadGenerator({ url: `${instance.url}${path}`, headers }, connections, seconds);
  if (result.failures > 0) throw new Error(`${path}: ${result.failures} failed requests`);
  return result.requestsPerSecond;
}
const page: number[] = [];
const api: number[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    page.push(await measure('/handler/sign-in', { 'accept-encoding': 'br, gzip' }));
    api.push(await measure('/api/v1', {}));
  }
} finally {
  await instance.stop();
}
const [pageRate, apiRate] = [median(page), median(api)];
console.log(`GET /handler/sign-in (br): ${Math.round(pageRate)}/s · GET /api/v1: ${Math.round(apiRate)}/s · ratio ${(apiRate / pageRate).toFixed(2)}× (target ≤ 2×)`);
