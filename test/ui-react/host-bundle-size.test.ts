// What `authd/react` adds to a host app built with a code-splitting bundler (Bun's, minified,
// production): the JavaScript a visitor of the host's sign-in page loads (the entry, what it
// imports, and the sign-in screen's chunks), gzipped, minus the same app without authd. The
// budget: at most 45 KB gz beyond React itself. It holds because package.json declares
// `sideEffects` (ui/client and ui/react are free of them): without it the bundler keeps every
// module `authd/react` re-exports, the account settings' Ark toasts and tooltips included
// (71.8 KB).
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const hostBudgetBytes = 45_000;
const outDirs: string[] = [];

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
}

function closure(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of staticImports(readFileSync(join(dir, file), 'utf8'))) closure(dir, imported, seen);
  return seen;
}

async function build(entry: string): Promise<{ dir: string; entryFile: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'authd-host-bundle-'));
  outDirs.push(dir);
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, 'host-bundle', entry)],
    outdir: dir,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    naming: { entry: '[name].[ext]', chunk: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  if (!result.success) throw new AggregateError(result.logs, 'host bundle failed to build');
  return { dir, entryFile: entry.replace(/\.tsx$/, '.js') };
}

const gzipped = (dir: string, files: Iterable<string>) =>
  [...files].reduce((sum, f) => sum + Bun.gzipSync(readFileSync(join(dir, f))).length, 0);

test(`authd/react adds at most ${hostBudgetBytes / 1000} KB gz to a host app's sign-in page beyond React`, async () => {
  const baseline = await build('react-only.tsx');
  const withAuthd = await build('with-authd.tsx');
  const initial = closure(withAuthd.dir, withAuthd.entryFile);
  const signInChunk = readdirSync(withAuthd.dir).find((f) => f.startsWith('auth-page-'));
  expect(signInChunk).toBeDefined();
  const signInPage = closure(withAuthd.dir, signInChunk!, new Set(initial));
  const added = gzipped(withAuthd.dir, signInPage) - gzipped(baseline.dir, closure(baseline.dir, baseline.entryFile));
  // The account settings' code (Ark toasts and tooltips, the QR encoder) stays in its own chunks.
  for (const file of signInPage) expect(readFileSync(join(withAuthd.dir, file), 'utf8').includes('Account Settings')).toBe(false);
  expect(added).toBeGreaterThan(5_000);
  expect(added).toBeLessThanOrEqual(hostBudgetBytes);
}, 60_000);
