// Installs a Debian package the tests drive (Chromium, pebble) when one of its programs is
// missing: apt-get update, then install, as root or through `sudo -n`. A fresh machine has
// neither, and CI starts from one.
import { existsSync } from 'node:fs';

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, {
    stdout: 'inherit',
    stderr: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code}`);
}

/** Installs `debianPackage` unless every one of `programs` exists; throws if it is still missing after. */
export async function ensureDebianPackage(debianPackage: string, programs: string[], purpose: string): Promise<void> {
  if (programs.every((program) => existsSync(program))) return;
  console.error(`${programs.join(' or ')} is missing: installing Debian's ${debianPackage} for ${purpose}`);
  const prefix = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  await run([...prefix, 'apt-get', 'update']);
  await run([...prefix, 'apt-get', 'install', '-y', debianPackage]);
  const missing = programs.filter((program) => !existsSync(program));
  if (missing.length > 0) throw new Error(`apt-get installed ${debianPackage} but ${missing.join(' and ')} still missing`);
}
