// The progress bar of `authd users import`: drawn in a real terminal (tmux) and left out of
// --json there, printed on stderr into a pipe only when asked with --progress, and never mixed
// into standard output, which keeps the report (or its JSON) alone.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { makeProject } from '../support/api-expectations';
import { runCli, runCliProcess } from '../support/cli';
import { bunExecutable, repoRoot, startTestInstance, type TestInstance } from '../support/instance';
import { tmuxServer } from '../support/tmux';

let t: TestInstance, file: string;
const total = 3000;
const terminals = tmuxServer('authd-import-progress');
const progressLine = /^\[[#-]{24}\] \d+\/\d+ MB read: (\d+) imported, (\d+) skipped, (\d+) refused$/;

beforeAll(async () => {
  t = await startTestInstance();
  file = join(t.dataDir, 'progress.jsonl');
  // Padded to about 2.5 MB, so the bar has megabytes to count.
  const padding = 'x'.repeat(700);
  const lines = Array.from({ length: total }, (_, i) =>
    JSON.stringify({
      external_id: `progress-${i}`,
      primary_email: `progress-${i}@example.com`,
      server_metadata: { padding },
      signed_up_at_millis: 1_600_000_000_000 + i,
    }),
  );
  await Bun.write(file, `${lines.join('\n')}\n`);
});
afterAll(async () => {
  await terminals.stop();
  await t?.stop();
});

const importArgs = async (label: string, ...flags: string[]) => [
  'users',
  'import',
  file,
  '--format',
  'jsonl',
  '--batch-size',
  '100',
  '--project',
  (await makeProject(t, label)).projectId,
  ...t.databaseArgs,
  ...flags,
];

test('--progress --json: the bar goes to stderr, a line per twentieth, and stdout is the JSON report alone', async () => {
  const result = await runCli(await importArgs('progress json', '--progress', '--json'));
  expect(result.code).toBe(0);
  const report = JSON.parse(result.stdout);
  expect(report).toMatchObject({ read: total, imported: total, refused_count: 0 });
  expect(result.stdout).not.toContain('MB read');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.length).toBeLessThanOrEqual(21);
  for (const line of lines) expect(line).toMatch(progressLine);
  expect(lines.at(-1)!.match(progressLine)!.slice(1)).toEqual([String(total), '0', '0']);
  expect(lines.at(-1)).toStartWith(`[${'#'.repeat(24)}] 3/3 MB read`);
});

test('into a pipe without --progress: no bar, only the report on stdout', async () => {
  const result = await runCliProcess(await importArgs('progress pipe'));
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe(`${total} users read: ${total} imported, 0 skipped (already there), 0 refused.\n`);
});

test('in a terminal the bar is drawn in place above the report; with --json or --no-progress it is not', async () => {
  const command = (args: string[]) =>
    `${bunExecutable} ${join(repoRoot, 'cmd', 'main.ts')} ${args.join(' ')}; echo "exited with $?"; sleep 60`;
  const drawn = await terminals.open(command(await importArgs('progress terminal')));
  const screen = (await drawn.waitFor('exited with 0')).split('\n').filter((line) => line.trim() !== '');
  // Redrawn with carriage returns: one line on the screen, the last state.
  expect(screen.filter((line) => line.includes('MB read'))).toEqual([
    `[${'#'.repeat(24)}] 3/3 MB read: ${total} imported, 0 skipped, 0 refused`,
  ]);
  expect(screen).toContain(`${total} users read: ${total} imported, 0 skipped (already there), 0 refused.`);

  for (const flag of ['--json', '--no-progress']) {
    const plain = await terminals.open(command(await importArgs(`progress terminal ${flag}`, flag)));
    const shown = await plain.waitFor('exited with 0');
    expect(shown).not.toContain('MB read');
    expect(shown).toContain(flag === '--json' ? `"imported": ${total}` : `${total} users read: ${total} imported`);
  }
}, 90_000);
