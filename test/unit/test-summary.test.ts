// How `npm test` reads bun's closing block: errors are failures, and a crash or an empty run is
// never a success. The outputs are bun 1.4.5's own, copied from real runs.
import { describe, expect, test } from 'bun:test';
import { summarizeBunTestOutput } from '../../scripts/test-summary';

const cases: { name: string; output: string; exitCode: number; line: string }[] = [
  {
    name: 'all passed',
    output: '(pass) ok [0.01ms]\n\n 2 pass\n 0 fail\n 4 expect() calls\nRan 2 tests across 1 file. [1.88s]\n',
    exitCode: 0,
    line: '2 passed, 0 failed',
  },
  {
    name: 'a failed test',
    output: ' 2 pass\n 1 skip\n 1 todo\n 1 fail\n 4 expect() calls\nRan 5 tests across 2 files. [1.88s]\n',
    exitCode: 1,
    line: '2 passed, 1 failed',
  },
  {
    name: 'one file failing at load: bun counts a failed test and an error',
    output: ' 1 pass\n 1 fail\n 1 error\nRan 2 tests across 2 files. [22.00ms]\n',
    exitCode: 1,
    line: '1 passed, 2 failed',
  },
  {
    name: 'errors, plural',
    output: ' 1 pass\n 5 fail\n 2 errors\nRan 6 tests across 4 files. [5.04s]\n',
    exitCode: 1,
    line: '1 passed, 7 failed',
  },
  {
    name: 'an error thrown after the tests, with no failed test',
    output: ' 1 pass\n 0 fail\n 1 error\nRan 1 test across 2 files. [22.00ms]\n',
    exitCode: 1,
    line: '1 passed, 1 failed',
  },
  {
    name: 'no tests found',
    output: 'note: Tests need ".test", "_test_", ".spec" or "_spec_" in the filename (ex: "MyApp.test.ts")\n',
    exitCode: 1,
    line: '0 passed, 1 failed',
  },
  {
    name: 'an empty run that exited 0 (--pass-with-no-tests)',
    output: ' 0 pass\n 0 fail\nRan 0 tests across 0 files. [3.00ms]\n',
    exitCode: 0,
    line: '0 passed, 1 failed',
  },
  {
    name: 'a crash before the closing block, exit 0',
    output: '(pass) first [1.00ms]\n(pass) second [1.00ms]\n',
    exitCode: 0,
    line: '0 passed, 1 failed',
  },
  {
    name: 'killed by a signal mid-run',
    output: '(pass) first [1.00ms]\n',
    exitCode: 137,
    line: '0 passed, 1 failed',
  },
  {
    name: 'a test printing a line that looks like a count: the closing block wins',
    output: ' 9 fail\n(pass) prints [1.00ms]\n\n 3 pass\n 0 fail\nRan 3 tests across 1 file. [5.00ms]\n',
    exitCode: 0,
    line: '3 passed, 0 failed',
  },
];

describe('summarizeBunTestOutput', () => {
  test.each(cases)('$name', ({ output, exitCode, line }) => {
    const summary = summarizeBunTestOutput(output, exitCode);
    expect(summary.line).toBe(line);
    expect(`${summary.passed} passed, ${summary.failed} failed`).toBe(line);
  });
});
