#!/usr/bin/env node
// `npx authd` entry: runs the TypeScript CLI from this checkout under the Bun that npm
// installed as a devDependency, passing arguments, signals and the exit status through.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localBun = join(root, 'node_modules', 'bun', 'bin', 'bun.exe');
const bun = existsSync(localBun) ? localBun : 'bun';
const child = spawn(bun, [join(root, 'cmd', 'main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
