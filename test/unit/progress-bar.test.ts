// The build's progress bar: redrawn in place at a terminal, one line per step in logs.
import { expect, test } from 'bun:test';
import { createProgressBar, renderProgressLine } from '../../cmd/progress-bar';

test('a bar fills with the steps done', () => {
  expect(renderProgressLine(0, 4, 'start', 8)).toBe('[--------] 0/4 start');
  expect(renderProgressLine(2, 4, 'half', 8)).toBe('[####----] 2/4 half');
  expect(renderProgressLine(4, 4, 'done', 8)).toBe('[########] 4/4 done');
});

test('at a terminal the line is redrawn in place; in a log each step is its own line', () => {
  const written: string[] = [];
  const terminal = createProgressBar(2, { isTTY: true, write: (text: string) => written.push(text) });
  terminal.step('one');
  terminal.step('two');
  terminal.done();
  expect(written.slice(0, 3).every((text) => text.startsWith('\r'))).toBe(true);
  expect(written.at(-1)).toBe('\n');

  const logged: string[] = [];
  const log = createProgressBar(2, { isTTY: false, write: (text: string) => logged.push(text) });
  log.step('one');
  log.step('two');
  log.done();
  expect(logged.join('')).toBe(
    '[------------------------] 0/2 one\n[############------------] 1/2 two\n[########################] 2/2 done\n',
  );
});
