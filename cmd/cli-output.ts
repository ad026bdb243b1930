// Where every authd command's output goes, and its shapes: result lines and JSON on stdout,
// lists and "success" answers with or without --json, warnings and errors on stderr.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../server/core/storage/context';

/**
 * Where a command's output goes and its standard input comes from. A command never touches
 * process.stdout, console or Bun.stdin itself: it prints through printLine/printJson/
 * printErrorLine, so the same program runs as the real process or inside a test that captures
 * its output (test/support/cli.ts), with no subprocess to start.
 */
export interface CliIo {
  writeOut(text: string): void;
  writeErr(text: string): void;
  readStdin(): Promise<string>;
}

export const processIo: CliIo = {
  writeOut: (text) => void process.stdout.write(text),
  writeErr: (text) => void process.stderr.write(text),
  readStdin: () => new Response(Bun.stdin.stream()).text(),
};

// Carried along the command's async calls rather than passed to every command builder:
// commander gives actions no room for a context of our own.
const ioOfThisRun = new AsyncLocalStorage<CliIo>();

/** Runs `work` (one CLI invocation) with its output going to `io`. */
export function withCliIo<T>(io: CliIo, work: () => T): T {
  return ioOfThisRun.run(io, work);
}

export function currentCliIo(): CliIo {
  return ioOfThisRun.getStore() ?? processIo;
}

/** One line of a command's result on stdout. */
export function printLine(text = ''): void {
  currentCliIo().writeOut(`${text}\n`);
}

/** One line on stderr: errors and warnings, never results. */
export function printErrorLine(text: string): void {
  currentCliIo().writeErr(`${text}\n`);
}

/** Core's log lines (e.g. an email that could not be queued), on stderr like any CLI warning. */
export const cliLogger: Logger = {
  info: (m) => printErrorLine(m),
  warn: (m) => printErrorLine(`warning: ${m}`),
  error: (m) => printErrorLine(`error: ${m}`),
};

export function printJson(value: unknown): void {
  currentCliIo().writeOut(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * A list command's output: `{ "items": [...] }` with --json, else one line an item, or `empty`
 * (e.g. "No teams.") when there is none; a list that is never empty, or says nothing when it is,
 * gives no `empty`.
 */
export function printList<T>(items: readonly T[], options: { json?: boolean; empty?: string; line: (item: T) => string }): void {
  if (options.json) return printJson({ items });
  if (items.length === 0 && options.empty !== undefined) return printLine(options.empty);
  for (const item of items) printLine(options.line(item));
}

/**
 * A change with no view to show: `{ "success": true }` (and any `details`, e.g. the new
 * invitation's id) with --json, else the line saying what was done.
 */
export function printSuccess(options: { json?: boolean }, line: string, details: Record<string, unknown> = {}): void {
  if (options.json) return printJson({ success: true, ...details });
  printLine(line);
}
