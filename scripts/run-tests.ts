// `npm test`: runs every test with `bun test`, passes its output through, and ends with the
// one line CI reads: "N passed, N failed" (see test-summary.ts for how bun's summary is read).
import { ensureChromium } from './ensure-chromium';
import { ensureCluster } from './ensure-postgres';
import { summarizeBunTestOutput } from './test-summary';

// bun 1.4.5 does not read `[test] timeout` from bunfig.toml, so every test would run under the
// 5 s default; API and CLI tests start real servers and need room on a busy 2-core machine.
const perTestTimeoutMillis = 30_000;

const args = process.argv.slice(2);
if (!args.some((arg) => arg === '--timeout' || arg.startsWith('--timeout='))) {
  args.unshift('--timeout', String(perTestTimeoutMillis));
}
// The browser tests (test/browser) drive Debian's Chromium; a fresh machine installs it here.
// If that fails, the other tests still run and the browser tests report the problem.
await ensureChromium().catch((error: unknown) => console.error(`cannot install chromium: ${String(error)}`));
// The PostgreSQL tests (test/postgres) need a server: installed from Debian's packages and started
// here when missing, unless AUTHD_TEST_DATABASE_URL names one. A failure is left to those tests.
if (!process.env.AUTHD_TEST_DATABASE_URL) {
  await ensureCluster().catch((error: unknown) => console.error(`cannot start PostgreSQL for the tests: ${String(error)}`));
}
const child = Bun.spawn([process.execPath, 'test', ...args], { stdout: 'inherit', stderr: 'pipe', env: process.env });

let captured = '';
const decoder = new TextDecoder();
for await (const chunk of child.stderr) {
  process.stderr.write(chunk);
  captured += decoder.decode(chunk, { stream: true });
}
const exitCode = await child.exited;

const summary = summarizeBunTestOutput(captured, exitCode);
console.log(summary.line);
process.exit(exitCode === 0 && summary.failed === 0 ? 0 : 1);
