// What `npm run pack:packages` puts in the three tarballs: `npm pack --dry-run` of each lists
// only built JavaScript, declarations, CSS, README and licence (no TypeScript source, no test);
// manifests at the server's version with exports, files, sideEffects, engines and peers; no
// server dependency; client-component directives where Next.js needs them; and @authd/backend
// using nothing but fetch and Web Crypto.
import { beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/instance';
import { packedTarballs } from './host-app-kit';

const stagingDir = join(repoRoot, 'dist', 'packages-build');
const serverVersion = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version as string;
const serverDependencies = [
  'elysia',
  'drizzle-orm',
  'drizzle-kit',
  'pg',
  'nodemailer',
  'argon2',
  '@simplewebauthn/server',
  'commander',
  'ink',
  'valibot',
];
const folders = ['client', 'react', 'backend'] as const;

beforeAll(async () => {
  await packedTarballs();
}, 120_000);

function dryRunFiles(folder: string): string[] {
  const pack = Bun.spawnSync(['npm', 'pack', '--dry-run', '--json'], { cwd: join(stagingDir, folder), stderr: 'pipe' });
  expect(pack.exitCode).toBe(0);
  return (JSON.parse(pack.stdout.toString()) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path);
}

function manifest(folder: string) {
  return JSON.parse(readFileSync(join(stagingDir, folder, 'package.json'), 'utf8'));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)],
  );
}

describe.each(folders)('@authd/%s', (folder) => {
  test('npm pack --dry-run lists only built JavaScript, .d.ts, CSS, README, LICENSE and the manifest', async () => {
    const files = dryRunFiles(folder);
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(files).toContain('package.json');
    for (const file of files) {
      const allowed = /\.(js|mjs|d\.ts|css)$/.test(file) || ['README.md', 'LICENSE', 'package.json'].includes(file);
      expect({ file, allowed }).toEqual({ file, allowed: true });
      expect(/(^|\/)(test|tests|__tests__)\/|\.test\.|\.spec\./.test(file)).toBe(false);
    }
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.some((file) => file.endsWith('.d.ts'))).toBe(true);
  });

  test('its manifest: the server version, ESM exports with types, files, sideEffects, engines; no server dependency', () => {
    const m = manifest(folder);
    expect(m.name).toBe(`@authd/${folder}`);
    expect(m.version).toBe(serverVersion);
    expect(m.private).toBeUndefined();
    expect(m.type).toBe('module');
    expect(m.exports['.'].types).toMatch(/\.d\.ts$/);
    expect(m.exports['.'].default).toMatch(/\.js$/);
    expect(m.files).toContain('dist');
    expect(m.sideEffects).toBeDefined();
    expect(m.engines.node).toBe('>=20');
    for (const name of Object.keys({ ...m.dependencies, ...m.peerDependencies })) expect(serverDependencies).not.toContain(name);
    // Every exported path exists in the package.
    for (const target of Object.values(m.exports as Record<string, string | Record<string, string>>)) {
      for (const path of typeof target === 'string' ? [target] : Object.values(target)) {
        expect(statSync(join(stagingDir, folder, path)).isFile()).toBe(true);
      }
    }
  });
});

test('@authd/react: react and react-dom 18.3 or 19 as peers, @authd/client at the same version, styles.css inside', () => {
  const m = manifest('react');
  expect(m.peerDependencies).toEqual({ react: '^18.3.0 || ^19.0.0', 'react-dom': '^18.3.0 || ^19.0.0' });
  expect(m.dependencies).toEqual({ '@authd/client': serverVersion });
  expect(m.exports['./styles.css']).toBe('./dist/styles.css');
  expect(m.sideEffects).toEqual(['*.css']);
  expect(readFileSync(join(stagingDir, 'react', 'dist', 'styles.css'), 'utf8')).toContain('.authd');
});

test('@authd/react: every module but the entry starts with "use client"; Ark UI and the QR encoder are private copies, not imports', () => {
  const modules = filesUnder(join(stagingDir, 'react', 'dist', 'ui', 'react')).filter((file) => file.endsWith('.js'));
  expect(modules.length).toBeGreaterThan(20);
  for (const file of modules) {
    const starts = readFileSync(file, 'utf8').startsWith('"use client";');
    expect({ file, starts }).toEqual({ file, starts: !file.endsWith('/ui/react/index.js') });
  }
  const all = filesUnder(join(stagingDir, 'react', 'dist'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(file, 'utf8'));
  for (const code of all) expect(/from\s*["'](jotai|@ark-ui\/react|qrcode)/.test(code)).toBe(false);
});

test('@authd/backend: jose its only dependency, no node: or bun: import (fetch and Web Crypto only)', () => {
  expect(Object.keys(manifest('backend').dependencies)).toEqual(['jose']);
  expect(Object.keys(manifest('backend').exports).sort()).toEqual(['.', './express', './hono', './next', './package.json']);
  for (const file of filesUnder(join(stagingDir, 'backend', 'dist'))) {
    expect(/from\s*["'](node:|bun:|fs|crypto|http)/.test(readFileSync(file, 'utf8'))).toBe(false);
  }
});

test('npm run pack:packages wrote the three tarballs to dist/packages at the server version', async () => {
  const tarballs = await packedTarballs();
  for (const folder of folders)
    expect(tarballs[folder]).toBe(join(repoRoot, 'dist', 'packages', `authd-${folder}-${serverVersion}.tgz`));
  expect(readdirSync(join(repoRoot, 'dist', 'packages')).sort()).toEqual(
    folders.map((f) => `authd-${f}-${serverVersion}.tgz`).sort(),
  );
});
