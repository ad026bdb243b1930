// Closed-loop HTTP load from its own process: `connections` concurrent loops, each sending the
// next request when the previous answer arrives, for `seconds` after a short warm-up. The
// request is given as JSON {url, method?, headers?, body?}; every `{n}` in the body becomes a
// number unique to this process and request (sign-up needs a new email each time). Prints one
// JSON result line: the window's rate and latencies, and every request answered, warm-up
// included (`completed`), which divides the server's CPU time over the whole run.
export {};
const [requestJson, connectionsText, secondsText] = process.argv.slice(2);
if (!requestJson) throw new Error('usage: load-generator REQUEST_JSON [CONNECTIONS] [SECONDS]');
const spec = JSON.parse(requestJson) as { url: string; method?: string; headers?: Record<string, string>; body?: string };
const connections = Number(connectionsText ?? 32);
const durationMillis = Number(secondsText ?? 5) * 1000;

const latencies: number[] = [];
let failures = 0;
let completed = 0;
const warmupEnd = performance.now() + 500;
const end = warmupEnd + durationMillis;

const runId = `${process.pid}-${Date.now().toString(36)}`;
let sent = 0;
const bodyFor = (body: string | undefined) => (body?.includes('{n}') ? body.replaceAll('{n}', `${runId}-${sent++}`) : body);

async function loop(): Promise<void> {
  while (performance.now() < end) {
    const started = performance.now();
    const response = await fetch(spec.url, { method: spec.method ?? 'GET', headers: spec.headers, body: bodyFor(spec.body) });
    await response.arrayBuffer();
    completed++;
    if (started < warmupEnd) continue;
    if (response.status !== 200) failures++;
    latencies.push(performance.now() - started);
  }
}
await Promise.all(Array.from({ length: connections }, loop));
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(
  JSON.stringify({
    requestsPerSecond: latencies.length / (durationMillis / 1000),
    p50: at(0.5),
    p99: at(0.99),
    failures,
    completed,
  }),
);
