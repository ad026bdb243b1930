// `npx authd …` from the repository root runs the CLI from source through package.json's
// bin (cmd/authd.js), passing arguments and the exit status through.
import { afterAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { cliJson, generatedKeyPatterns, removeScratchDirs, runProcess, scratchDir, noAuthdDataMessage } from '../support/cli';
import { uuidPattern } from '../support/api-expectations';

// Runs after every describe block's own afterAll, so no server still uses these.
afterAll(removeScratchDirs);

const npx = (args: string[]) => runProcess(['npx', '--no-install', 'authd', ...args]);

/** npm may add its own warnings (about the machine's npm config) to stderr; keep authd's lines. */
const authdLines = (stderr: string) =>
  stderr.split('\n').filter((line) => line.trim() !== '' && !/^npm (warn|notice)/i.test(line));

describe('npx authd', () => {
  test('--help', async () => {
    const result = await npx(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toStartWith('Usage: authd');
    expect(result.stdout).toContain('create-project');
  });

  test('create-project --json writes the project to --data', async () => {
    const dataDir = join(scratchDir(), 'data');
    const created = await npx(['create-project', '--name', 'Via npx', '--json', '--data', dataDir]);
    expect(created.code).toBe(0);
    const keys = JSON.parse(created.stdout);
    expect(keys.project_id).toMatch(uuidPattern);
    expect(keys.secret_server_key).toMatch(generatedKeyPatterns.secret_server_key);
    expect((await cliJson(['projects', 'get', keys.project_id, '--data', dataDir])).display_name).toBe('Via npx');
  });

  test('an error keeps its one line and non-zero exit', async () => {
    const dataDir = join(scratchDir(), 'data');
    const result = await npx(['projects', 'get', 'no-such-project', '--data', dataDir]);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(authdLines(result.stderr)).toEqual([`authd: ${noAuthdDataMessage(dataDir)}`]);
  });
});
