// Questions the CLI asks only when a person is at a terminal: confirmation of destructive
// commands and a password typed without echo. In scripts (no TTY) nothing is asked: --yes and
// piped passwords are how scripts answer, and a destructive command without --yes refuses.
import type { Command } from 'commander';
import { CliError, projectCommand, type ProjectOption } from './cli-support';
import { currentCliIo, processIo } from './cli-output';

/** A person is at the keyboard: the real process's stdin and stderr are terminals. */
export function atTerminal(): boolean {
  return currentCliIo() === processIo && process.stdin.isTTY === true && process.stderr.isTTY === true;
}

/** Reads one line from the terminal, echoing what is typed unless `hidden`. */
function readTerminalLine(prompt: string, hidden: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    let line = '';
    stdin.setRawMode(true);
    stdin.resume();
    const finish = (result: string | Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(line);
        if (char === '\u0003') return finish(new CliError('cancelled'));
        if (char === '\u007f' || char === '\b') {
          if (line.length > 0 && !hidden) process.stderr.write('\b \b');
          line = line.slice(0, -1);
        } else if (char >= ' ') {
          line += char;
          if (!hidden) process.stderr.write(char);
        }
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * Destructive commands ask first at a terminal; `--yes` skips the question. Without a terminal
 * nobody can answer, so they refuse unless `--yes` was given (as gh does): a script states its
 * intent rather than deleting because its input happened not to be a keyboard.
 */
export async function confirmDestructive(options: { yes?: boolean }, question: string): Promise<void> {
  if (options.yes) return;
  if (!atTerminal()) throw new CliError('--yes is required when not at a terminal (nothing was changed)');
  const answer = await readTerminalLine(`${question} [y/N] `, false);
  if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('cancelled; nothing was changed');
}

/** The --yes of a destructive command (see confirmDestructive). */
export const yesOption = ['--yes', 'do not ask for confirmation; required without a terminal (scripts)'] as const;

/** The options of a destructiveProjectCommand: the project's, and --yes. */
export interface DestructiveProjectOption extends ProjectOption {
  yes?: boolean;
}

/**
 * A leaf command inside one project that deletes or ends something, so takes --yes after the
 * project options; its action asks with confirmDestructive before the change.
 */
export function destructiveProjectCommand(name: string): Command {
  return projectCommand(name).option(...yesOption);
}

/** A password or other secret typed at the terminal, not echoed; `what` is its name in the prompt. */
export function promptHidden(what: string): Promise<string> {
  return readTerminalLine(`${what.charAt(0).toUpperCase()}${what.slice(1)}: `, true);
}

/**
 * A password or other secret piped in (never a flag, which shell history keeps), without its final
 * newline. `what` names it in the prompt and the error: "password", "client secret".
 */
export async function readSecretFromStdin(what = 'password'): Promise<string> {
  // At a terminal, ask without echo instead of waiting silently for an end of file.
  const text = atTerminal() ? await promptHidden(what) : (await currentCliIo().readStdin()).replace(/\r?\n$/, '');
  if (!text) throw new CliError(`no ${what} on standard input`);
  return text;
}
