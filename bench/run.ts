// `npm run bench`: measures authd against a baseline taken in the same run on this machine and
// prints requests/second, p50/p99 latency and the ratio to the baseline. Each server and the
// load generator run in their own processes; the numbers are for comparison, not absolutes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');
const bun = process.execPath;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

async function firstJsonLine(child: ReturnType<typeof Bun.spawn>, accept: (e: any) => boolean): Promise<any> {
  const reader = (child.stdout as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('process ended before reporting');
    buffered += decoder.decode(value, { stream: true });
    for (const line of buffered.split('\n').slice(0, -1)) {
      const event = JSON.parse(line);
      if (accept(event)) return event;
    }
    buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
  }
}

async function load(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const child = Bun.spawn(
    [bun, join(root, 'bench', 'load-generator.ts'), url, JSON.stringify(headers), String(connections), String(seconds)],
    {
      stdout: 'pipe',
    },
  );
  return JSON.parse(await new Response(child.stdout).text());
}

const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-'));
const authd = Bun.spawn([bun, join(root, 'cmd', 'main.ts'), 'serve', '--json', '--port', '0', '--data', dataDir], {
  stdout: 'pipe',
});
const events: any[] = [];
const listening = await firstJsonLine(authd, (e) => (events.push(e), e.event === 'listening'));
const demo = events.find((e) => e.event === 'project_created' && e.project_id !== 'internal');
const clientHeaders = {
  'x-stack-project-id': demo.project_id,
  'x-stack-access-type': 'client',
  'x-stack-publishable-client-key': demo.publishable_client_key,
};
const baseline = Bun.spawn([bun, join(root, 'bench', 'baseline-server.ts'), join(dataDir, 'authd.db')], { stdout: 'pipe' });
const baselineUrl = (await firstJsonLine(baseline, () => true)).url;

try {
  console.log(`authd benchmark: ${connections} connections, ${seconds} s per scenario, ${navigator.hardwareConcurrency} cores\n`);
  const base = await load(baselineUrl, clientHeaders);
  const projectRead = await load(`${listening.url}/api/v1/projects/current`, clientHeaders);
  const row = (name: string, r: LoadResult, ratio?: number) =>
    console.log(
      `${name.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms${
        ratio === undefined ? '' : `  ${ratio.toFixed(2)}× baseline`
      }${r.failures ? `  (${r.failures} non-200!)` : ''}`,
    );
  row('baseline: bare Bun + one SQLite row', base);
  row('GET /api/v1/projects/current (client key)', projectRead, projectRead.requestsPerSecond / base.requestsPerSecond);
} finally {
  authd.kill();
  baseline.kill();
  await Promise.all([authd.exited, baseline.exited]);
  rmSync(dataDir, { recursive: true, force: true });
}
