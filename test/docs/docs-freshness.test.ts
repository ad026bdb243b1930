// docs/cli.md and docs/configuration.md carry parts generated from the program's own definitions:
// this fails when they differ from what `npm run docs:generate` would write now.
import { describe, expect, test } from 'bun:test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dir, '../..');
const bun = process.execPath;

/** Runs the generator in a process of its own, as `npm run docs:generate -- --check` would. */
function checkGeneratedDocs(docsRoot?: string) {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  if (docsRoot) env.AUTHD_DOCS_ROOT = docsRoot;
  const run = Bun.spawnSync([bun, path.join(root, 'scripts/generate-docs.ts'), '--check'], { cwd: root, env });
  return { status: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

describe('generated docs', () => {
  test('docs/cli.md and docs/configuration.md are what the generator writes now', () => {
    const result = checkGeneratedDocs();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  test('the generated parts name every command and every option of serve', () => {
    const cli = readFileSync(path.join(root, 'docs/cli.md'), 'utf8');
    for (const heading of ['### authd serve', '### authd teams members add', '### authd backup', '### authd config print']) {
      expect(cli).toContain(heading);
    }
    const configuration = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    for (const row of [
      '| `--public-url <url>` | `AUTHD_PUBLIC_URL` |',
      '| `--drain-seconds <n>` | `AUTHD_DRAIN_SECONDS` | `0` |',
    ]) {
      expect(configuration).toContain(row);
    }
  });

  test('a stale reference is caught and named, and the check writes nothing', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'authd-docs-'));
    try {
      cpSync(path.join(root, 'docs'), copy, { recursive: true });
      const file = path.join(copy, 'cli.md');
      const edited = readFileSync(file, 'utf8').replace('### authd serve', '### authd serve-old');
      writeFileSync(file, edited);
      const result = checkGeneratedDocs(copy);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('docs/cli.md');
      expect(result.stderr).not.toContain('docs/configuration.md');
      expect(readFileSync(file, 'utf8')).toBe(edited);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
