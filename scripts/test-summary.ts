// Reads the closing block `bun test` prints on stderr and turns it into the one line CI reads,
// "N passed, N failed". Kept apart from run-tests.ts so the parsing has tests of its own.

export interface TestSummary {
  passed: number;
  failed: number;
  /** "N passed, N failed". */
  line: string;
}

/**
 * The counts of bun's closing block:
 *
 *    12 pass
 *    1 fail
 *    2 errors
 *   Ran 13 tests across 4 files. [1.88s]
 *
 * An error is something that failed outside a test (a file that throws while loading, a hook,
 * a throw after a test ended); bun prints " 1 error" or " 2 errors" and sometimes no failed
 * test beside it, so errors count as failures. A file that fails to load is both a failed test
 * and an error to bun, so it counts twice here: erring towards red is the point.
 * A run that never printed its closing line, ran nothing, or exited non-zero with nothing
 * counted (a crash, "No tests found!") is never a success.
 */
export function summarizeBunTestOutput(output: string, exitCode: number): TestSummary {
  const count = (label: string) => {
    const matches = [...output.matchAll(new RegExp(`^\\s*(\\d+) ${label}\\s*$`, 'gm'))];
    return matches.length > 0 ? Number(matches.at(-1)![1]) : 0;
  };
  const passed = count('pass');
  let failed = count('fail') + count('errors?');
  const finished = /^Ran \d+ tests? across \d+ files?\./m.test(output);
  if (failed === 0 && (exitCode !== 0 || !finished || passed === 0)) failed = 1;
  return { passed, failed, line: `${passed} passed, ${failed} failed` };
}
