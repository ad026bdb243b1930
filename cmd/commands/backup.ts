// `authd backup FILE` and `authd restore FILE`: a consistent copy of the database while `serve`
// keeps running, and putting such a copy back in place; both draw a progress bar on a terminal.
import { Command } from 'commander';
import { resolve } from 'node:path';
import { backupDatabase, restoreDatabase } from '../../server/core/operations/backups';
import { CliError, databaseLocationOf, withCommonOptions, type CommonOptions } from '../cli-support';
import { currentCliIo, printJson, printLine } from '../cli-output';
import { atTerminal } from '../terminal-prompts';
import { renderProgressLine } from '../progress-bar';

const megabytes = (bytes: number) => Math.max(1, Math.ceil(bytes / 1_000_000));

export function backupCommands(): Command[] {
  const backup = withCommonOptions(new Command('backup'))
    .description('write a consistent copy of the database to FILE (a new file), also while authd serve runs')
    .argument('<file>')
    .action(async (file: string, options: CommonOptions) => {
      refusePostgres(options, 'backup');
      // Redrawn in place on a terminal only: a log or a pipe gets the result line alone.
      const drawing = atTerminal() && !options.json;
      const io = currentCliIo();
      const { bytes } = await backupDatabase(options.data, file, ({ copiedBytes, totalBytes }) => {
        if (drawing) io.writeErr(`\r${renderProgressLine(megabytes(copiedBytes), megabytes(totalBytes), 'MB copied')}`);
      });
      if (drawing) io.writeErr('\n');
      if (options.json) return printJson({ file: resolve(file), bytes });
      printLine(`Backed up ${options.data} to ${resolve(file)} (${(bytes / 1_000_000).toFixed(1)} MB).`);
      printLine('Keep authd.key from the data directory too (separately): the backup needs it to open its sealed secrets.');
    });

  const restore = withCommonOptions(new Command('restore'))
    .description("put a backup in place of the data directory's database (stop authd serve first)")
    .argument('<file>')
    .option('--yes', 'replace the existing database without asking')
    .action((file: string, options: CommonOptions & { yes?: boolean }) => {
      refusePostgres(options, 'restore');
      const drawing = atTerminal() && !options.json;
      const io = currentCliIo();
      const { replaced, keyPresent } = restoreDatabase(options.data, file, { replace: options.yes === true }, ({ copiedBytes, totalBytes }) => {
        if (drawing) io.writeErr(`\r${renderProgressLine(megabytes(copiedBytes), megabytes(totalBytes), 'MB restored')}`);
      });
      if (drawing) io.writeErr('\n');
      if (options.json) return printJson({ restored: resolve(file), replaced, key_present: keyPresent });
      printLine(`Restored ${resolve(file)} into ${options.data}${replaced ? ', replacing its database' : ''}.`);
      if (!keyPresent) {
        printLine(`Copy authd.key from the data directory the backup was made in into ${options.data} before starting authd.`);
      }
    });
  return [backup, restore];
}

/** Backups are files of a SQLite data directory; PostgreSQL has its own tools for that. */
function refusePostgres(options: CommonOptions, command: 'backup' | 'restore'): void {
  if (databaseLocationOf(options).kind === 'postgres') {
    throw new CliError(
      `authd ${command} works on a SQLite data directory; for PostgreSQL use its own tools (pg_dump, pg_restore), or authd copy to move data to a data directory`,
    );
  }
}
