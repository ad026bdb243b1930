// `authd tui` without a terminal (a script, a pipe, CI) refuses in one line that points at the
// CLI, and opens nothing.
import { afterAll, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expectOneLineError, removeScratchDirs, runCliProcess, scratchDir } from '../support/cli';

afterAll(removeScratchDirs);

test('authd tui with stdin and stdout not a terminal: one line naming the CLI, exit 1', async () => {
  const dataDir = join(scratchDir('authd-tui-'), 'data');
  const result = await runCliProcess(['tui', '--data', dataDir], { stdin: '' });
  expect(result.code).toBe(1);
  expectOneLineError(result, /^authd: authd tui needs an interactive terminal; .*authd --help/);
  expect(existsSync(dataDir)).toBe(false);
});
