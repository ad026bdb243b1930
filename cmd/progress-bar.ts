// A progress bar for long work (building the screens, a backup): redrawn in place on a terminal,
// one line per step otherwise (CI logs, pipes), always on stderr so stdout keeps only results.

export interface ProgressBar {
  /** Marks the start of the next step, named for the reader. */
  step(label: string): void;
  done(): void;
}

export function renderProgressLine(done: number, total: number, label: string, width = 24): string {
  const filled = Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label}`;
}

export function createProgressBar(
  total: number,
  output: { isTTY?: boolean; write(text: string): unknown } = process.stderr,
): ProgressBar {
  let completed = -1;
  let last = '';
  const draw = (line: string) => {
    if (output.isTTY) output.write(`\r${line.padEnd(last.length)}`);
    else output.write(`${line}\n`);
    last = line;
  };
  return {
    step(label) {
      completed++;
      draw(renderProgressLine(completed, total, label));
    },
    done() {
      draw(renderProgressLine(total, total, 'done'));
      if (output.isTTY) output.write('\n');
    },
  };
}
