// `authd tui`: the keyboard-driven admin UI (cmd/tui). It opens the data directory like any
// command, so it works beside a running `authd serve`.
import { Command } from 'commander';
import type { Logger } from '../../server/core/storage/context';
import { openDatabase } from '../../server/core/storage/open-context';
import { CliError, databaseLocationOf, withCommonOptions, type CommonOptions } from '../cli-support';

/** Core's log lines would tear through Ink's drawing, and every result is shown on screen. */
const quietLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export function tuiCommand(): Command {
  return withCommonOptions(new Command('tui'))
    .description('open the terminal admin UI (needs an interactive terminal)')
    .action(async (options: CommonOptions) => {
      if (!process.stdin.isTTY || !process.stdout.isTTY) {
        throw new CliError('authd tui needs an interactive terminal; in scripts use the CLI commands instead (authd --help)');
      }
      // Ink reads CI and CONTINUOUS_INTEGRATION once, when it loads, and then draws only the last
      // frame, on exit. A person at a terminal is using this, whatever the environment says (CI
      // machines, some dev containers), so those variables are cleared before Ink is loaded.
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      const ctx = await openDatabase(databaseLocationOf(options), 'development', quietLogger);
      try {
        // Loaded only here: Ink and React are not needed by any other command.
        const { runTui } = await import('../tui/run-tui');
        await runTui(ctx);
      } finally {
        await ctx.storage.close();
      }
    });
}
