// Makes sure Debian's pebble (an RFC 8555 test ACME server) and pebble-challtestsrv (its mock
// DNS) are installed for the automatic-HTTPS tests (test/cli/serve-https.test.ts). Installs the
// package with apt-get when missing (sudo only when not root), as ensure-chromium.ts does.
import { existsSync } from 'node:fs';

export const pebblePath = '/usr/bin/pebble';
export const challengeTestServerPath = '/usr/bin/pebble-challtestsrv';

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, {
    stdout: 'inherit',
    stderr: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code}`);
}

export async function ensurePebble(): Promise<void> {
  if (existsSync(pebblePath) && existsSync(challengeTestServerPath)) return;
  console.error(`${pebblePath} is missing: installing Debian's pebble for the HTTPS tests`);
  const prefix = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  await run([...prefix, 'apt-get', 'update']);
  await run([...prefix, 'apt-get', 'install', '-y', 'pebble']);
  if (!existsSync(pebblePath) || !existsSync(challengeTestServerPath)) {
    throw new Error(`apt-get installed pebble but ${pebblePath} or ${challengeTestServerPath} is still missing`);
  }
}

if (import.meta.main) await ensurePebble();
