// No promise left unawaited in server/ or cmd/: core is async, and a call without `await` would
// run on after its caller answered, its failure lost. The checker is tried on a small project
// first, so a green run means the code is clean, not that the checker sees nothing.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findFloatingPromises } from '../../scripts/check-floating-promises';
import { makeTempDir } from '../support/instance';

const repositoryRoot = path.resolve(import.meta.dir, '../..');
const scratch = makeTempDir();
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the floating-promise check', () => {
  test('finds unawaited calls and async callbacks given to void ones, and accepts the handled forms', () => {
    mkdirSync(path.join(scratch, 'server'), { recursive: true });
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, target: 'ESNext', lib: ['ESNext'] }, include: ['server'] }),
    );
    writeFileSync(
      path.join(scratch, 'server', 'sample.ts'),
      [
        'async function save(): Promise<number> { return 1; }',
        'function onEvent(handler: () => void): void { handler(); }',
        'export async function caller(): Promise<void> {',
        '  save();', // floating
        '  await save();',
        '  void save();',
        '  save().catch(() => undefined);',
        '  save().then(() => undefined, () => undefined);',
        '  let kept: Promise<number>;',
        '  kept = save();',
        '  await kept;',
        '  onEvent(async () => { await save(); });', // a void callback given an async one
        '  onEvent(() => void save());',
        '}',
      ].join('\n'),
    );
    const found = findFloatingPromises(scratch);
    expect(found.map(({ file, line, kind }) => `${file}:${line} ${kind}`)).toEqual([
      'server/sample.ts:4 statement',
      'server/sample.ts:12 callback',
    ]);
  }, 60_000);

  test('server/ and cmd/ wait for every promise they start', () => {
    const found = findFloatingPromises(repositoryRoot);
    expect(found.map((place) => `${place.file}:${place.line} (${place.kind}) ${place.text}`)).toEqual([]);
    // Type-checking the whole repository takes 15–30 s on a busy 2-core machine.
  }, 120_000);
});
