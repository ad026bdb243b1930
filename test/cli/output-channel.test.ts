// The CLI tests run commands in this process and read what they print through the run's CliIo
// (cmd/cli-support.ts). A command writing to console or process.stdout itself would print past
// them, so its output would go untested: every command prints through printLine and friends.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../support/cli';
import { repoRoot } from '../support/instance';

const commandsDir = join(repoRoot, 'cmd', 'commands');
const directOutput = /\bconsole\.(log|error|warn|info)\(|process\.(stdout|stderr)\.write\(|Bun\.stdin\b/;

describe('command output', () => {
  test.each(readdirSync(commandsDir).filter((name) => name.endsWith('.ts')))(
    'cmd/commands/%s prints only through the CLI output of its run',
    (name) => {
      const offending = readFileSync(join(commandsDir, name), 'utf8')
        .split('\n')
        .map((line, index) => `${index + 1}: ${line.trim()}`)
        .filter((line) => directOutput.test(line));
      expect(offending).toEqual([]);
    },
  );

  test('an in-process run captures stdout, stderr and the exit status apart', async () => {
    const ok = await runCli(['--version']);
    expect(ok).toEqual({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), stderr: '' });
    const failed = await runCli(['frobnicate']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain("unknown command 'frobnicate'");
  });
});
