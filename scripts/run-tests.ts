// `npm test`: runs every test with `bun test`, passes its output through, and ends with the
// one line CI reads: "N passed, N failed". bun's own summary is on stderr and counts a file
// that fails to load as an error rather than a failed test, so both are folded in here.
import { ensureChromium } from './ensure-chromium';

const args = process.argv.slice(2);
// The browser tests (test/browser) drive Debian's Chromium; a fresh machine installs it here.
// If that fails, the other tests still run and the browser tests report the problem.
await ensureChromium().catch((error: unknown) => console.error(`cannot install chromium: ${String(error)}`));
const child = Bun.spawn([process.execPath, 'test', ...args], { stdout: 'inherit', stderr: 'pipe', env: process.env });

let captured = '';
const decoder = new TextDecoder();
for await (const chunk of child.stderr) {
  process.stderr.write(chunk);
  captured += decoder.decode(chunk, { stream: true });
}
const exitCode = await child.exited;

const count = (label: string) => {
  const matches = [...captured.matchAll(new RegExp(`^\\s*(\\d+) ${label}$`, 'gm'))];
  return matches.length > 0 ? Number(matches.at(-1)![1]) : 0;
};
const passed = count('pass');
let failed = count('fail') + count('error');
// A crash or an empty run must never read as success.
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode === 0 && failed === 0 ? 0 : 1);
