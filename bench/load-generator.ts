// Closed-loop HTTP load from its own process: `connections` concurrent loops, each sending the
// next request when the previous answer arrives, for `seconds` after a short warm-up. The
// request is given as JSON {url, method?, headers?, body?}; every `{n}` in the body becomes a
// number unique to this process and request (sign-up needs a new email each time). With
// `perConnection`, every `{c}` in the url becomes that list's entry for the loop (a user of its
// own), and `then` is a second request each loop sends after the first (a membership added, then
// removed): both are counted. Prints one JSON result line: the window's rate and latencies, and
// every request answered, warm-up included (`completed`), which divides the server's CPU time
// over the whole run.
export {};
const [requestJson, connectionsText, secondsText] = process.argv.slice(2);
if (!requestJson) throw new Error('usage: load-generator REQUEST_JSON [CONNECTIONS] [SECONDS]');
interface RequestSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
const spec = JSON.parse(requestJson) as RequestSpec & { perConnection?: string[]; then?: RequestSpec };
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

/** Success, for the calls the benches send (a created membership answers 201). */
const succeeded = (status: number) => status === 200 || status === 201;

async function send(request: RequestSpec, connection: number): Promise<void> {
  const value = spec.perConnection?.[connection % spec.perConnection.length];
  const url = value === undefined ? request.url : request.url.replaceAll('{c}', value);
  const started = performance.now();
  const response = await fetch(url, { method: request.method ?? 'GET', headers: request.headers, body: bodyFor(request.body) });
  await response.arrayBuffer();
  completed++;
  if (started < warmupEnd) return;
  if (!succeeded(response.status)) failures++;
  latencies.push(performance.now() - started);
}

async function loop(connection: number): Promise<void> {
  while (performance.now() < end) {
    await send(spec, connection);
    if (spec.then) await send(spec.then, connection);
  }
}
await Promise.all(Array.from({ length: connections }, (_, connection) => loop(connection)));
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
