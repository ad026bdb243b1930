// The hosted sign-in page against `GET /api/v1` (a static text answer) on one authd: the page is
// served from memory (server/http/hosted-screens.ts), so it should come within 2× of the
// cheapest API call. Alternating rounds, load from a separate process, medians compared.
// `bun bench/hosted-pages.ts` (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS).
import { join } from 'node:path';
import { startTestInstance } from '../test/support/instance';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const generator = join(import.meta.dir, 'load-generator.ts');

const instance = await startTestInstance();
async function measure(path: string, headers: Record<string, string>): Promise<number> {
  const child = Bun.spawn([process.execPath, generator, JSON.stringify({ url: `${instance.url}${path}`, headers }), String(connections), String(seconds)], {
    stdout: 'pipe',
  });
  const result = JSON.parse((await new Response(child.stdout).text()).trim()) as { requestsPerSecond: number; failures: number };
  if (result.failures > 0) throw new Error(`${path}: ${result.failures} failed requests`);
  return result.requestsPerSecond;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
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
