// Makes sure Debian's Chromium is installed for the browser tests (test/browser): playwright-core
// drives /usr/bin/chromium and never downloads a browser of its own. Installs it with apt-get
// when missing (sudo only when not root). Run by scripts/run-tests.ts and by the tests' setup.
import { existsSync } from 'node:fs';

export const chromiumPath = '/usr/bin/chromium';

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, {
    stdout: 'inherit',
    stderr: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code}`);
}

export async function ensureChromium(): Promise<string> {
  if (existsSync(chromiumPath)) return chromiumPath;
  console.error(`${chromiumPath} is missing: installing Debian's chromium for the browser tests`);
  const prefix = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  await run([...prefix, 'apt-get', 'update']);
  await run([...prefix, 'apt-get', 'install', '-y', 'chromium']);
  if (!existsSync(chromiumPath)) throw new Error(`apt-get installed chromium but ${chromiumPath} is still missing`);
  return chromiumPath;
}

if (import.meta.main) await ensureChromium();
