// `npm test`: runs every test with `bun test`, passes its output through, and ends with the
// one line CI reads: "N passed, N failed" (see test-summary.ts for how bun's summary is read).
import { ensureChromium } from './ensure-chromium';
import { ensurePebble } from './ensure-pebble';
import { ensureCluster } from './ensure-postgres';
import { ensureShells } from './ensure-shells';
import { postgresSuite } from './postgres-suite';
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
// The automatic-HTTPS tests run Debian's pebble, a local ACME server: installed here the same way.
await ensurePebble().catch((error: unknown) => console.error(`cannot install pebble: ${String(error)}`));
// The CLI manners tests run the zsh and fish completion scripts, at a tmux terminal.
await ensureShells().catch((error: unknown) => console.error(`cannot install zsh, fish or tmux: ${String(error)}`));
// The PostgreSQL tests (test/postgres) need a server: installed from Debian's packages and started
// here when missing, unless AUTHD_TEST_DATABASE_URL names one. A failure is left to those tests.
if (!process.env.AUTHD_TEST_DATABASE_URL) {
  await ensureCluster().catch((error: unknown) => console.error(`cannot start PostgreSQL for the tests: ${String(error)}`));
}
/** One `bun test` run with its stderr passed through and kept for the summary. */
async function runBunTest(testArgs: string[], env: Record<string, string | undefined>) {
  const child = Bun.spawn([process.execPath, 'test', ...testArgs], { stdout: 'inherit', stderr: 'pipe', env });
  let captured = '';
  const decoder = new TextDecoder();
  for await (const chunk of child.stderr) {
    process.stderr.write(chunk);
    captured += decoder.decode(chunk, { stream: true });
  }
  const exitCode = await child.exited;
  return { exitCode, summary: summarizeBunTestOutput(captured, exitCode) };
}

const passes = [await runBunTest(args, process.env)];
// The API suites again, every test instance on a PostgreSQL database of its own, when the run
// is the whole suite (a run of chosen files is about those files).
const wholeSuite = !args.some((arg) => !arg.startsWith('-') && !/^\d+$/.test(arg));
if (wholeSuite) {
  console.error(`\nPostgreSQL pass: ${postgresSuite.length} test files with AUTHD_TEST_DIALECT=postgres`);
  passes.push(await runBunTest([...args, ...postgresSuite], { ...process.env, AUTHD_TEST_DIALECT: 'postgres' }));
}

const passed = passes.reduce((sum, pass) => sum + pass.summary.passed, 0);
const failed = passes.reduce((sum, pass) => sum + pass.summary.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(passes.every((pass) => pass.exitCode === 0) && failed === 0 ? 0 : 1);
