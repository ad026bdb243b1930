// `authd migrate` and `authd copy`: the schema of a SQLite data directory or a PostgreSQL
// database brought up to date on request, and an instance's data moved between the two.
import { Command } from 'commander';
import { copyDatabase, defaultCopyBatchSize, type CopyProgress } from '../../server/core/operations/database-copy';
import {
  databaseUrlEnvironmentVariable,
  defaultConnectTimeoutSeconds,
  parseDatabaseLocation,
  withConnectTimeout,
} from '../../server/core/storage/database-location';
import { migrateDatabase } from '../../server/core/operations/database-migrations';
import { databaseLocationOf, parseCount, withCommonOptions, type CommonOptions } from '../cli-support';
import { currentCliIo, printJson, printLine, processIo } from '../cli-output';
import { renderProgressLine } from '../progress-bar';

export function migrateCommand(): Command {
  return withCommonOptions(new Command('migrate'))
    .description('apply the pending schema migrations of a data directory or a PostgreSQL database, and list them')
    .addHelpText(
      'after',
      `
Without --database or --data, ${databaseUrlEnvironmentVariable} is used when set, else the data directory.
Two instances migrating one PostgreSQL database at once apply each migration once (an advisory lock).
Every authd start migrates too; this command does it as a separate deployment step.`,
    )
    .action(async (options: CommonOptions) => {
      const report = await migrateDatabase(databaseLocationOf(options));
      if (options.json) return printJson({ database: report.database, applied: report.applied, recorded: report.recorded });
      if (report.applied.length === 0) return printLine(`${report.database} is up to date (${report.recorded} migrations).`);
      for (const tag of report.applied) printLine(`applied ${tag}`);
      printLine(`${report.database}: ${report.applied.length} migration(s) applied, ${report.recorded} recorded.`);
    });
}

interface CopyCommandOptions {
  from: string;
  to: string;
  batchSize: string;
  connectTimeout: string;
  json?: boolean;
}

export function copyCommand(): Command {
  return new Command('copy')
    .description('copy all data between a SQLite data directory and a PostgreSQL database, either way, into an empty target')
    .requiredOption('--from <source>', 'a data directory, or postgres://USER:PASSWORD@HOST:PORT/NAME')
    .requiredOption('--to <target>', 'a PostgreSQL URL, or a data directory (made if missing)')
    .option('--batch-size <rows>', 'rows read and written at a time', String(defaultCopyBatchSize))
    .option(
      '--connect-timeout <seconds>',
      'give up on a PostgreSQL server that does not answer within this time',
      String(defaultConnectTimeoutSeconds),
    )
    .option('--json', 'print machine-readable JSON (snake_case fields)')
    .addHelpText(
      'after',
      `
Every table is copied in one transaction on the target, which is checked by row counts and
rolled back on any difference; a target holding projects or users is refused untouched. The
source is only read (it must be at this version's schema: run authd migrate on it first).
Search indexes are rebuilt by the target, not copied.

The instance key is never stored in a database: secrets sealed with it are copied sealed, and
both sides need the same key.
  From a data directory to PostgreSQL: give the PostgreSQL instance the data directory's
    authd.key, as AUTHD_INSTANCE_KEY=<its contents> or AUTHD_INSTANCE_KEY_FILE=<a copy of it>.
  From PostgreSQL to a data directory: set AUTHD_INSTANCE_KEY or AUTHD_INSTANCE_KEY_FILE for
    the copy, and it is written to the directory's authd.key (or put authd.key there yourself).
A key known on both sides that differs is refused before anything is written.`,
    )
    .action(async (options: CopyCommandOptions) => {
      const connectTimeoutSeconds = parseCount('--connect-timeout', options.connectTimeout, 1, 3600);
      const from = withConnectTimeout(parseDatabaseLocation(options.from), connectTimeoutSeconds);
      const to = withConnectTimeout(parseDatabaseLocation(options.to), connectTimeoutSeconds);
      const batchSize = parseCount('--batch-size', options.batchSize, 1, 1_000_000);
      const progress = options.json ? undefined : copyProgressPrinter();
      const report = await copyDatabase(from, to, { batchSize, onProgress: progress?.update });
      progress?.finish();
      if (options.json) {
        return printJson({
          from: report.from,
          to: report.to,
          rows: report.rows,
          tables: Object.fromEntries(report.tables.map(({ table, rows }) => [table, rows])),
          seconds: Number((report.millis / 1000).toFixed(3)),
          wrote_key_file: report.wroteKeyFile,
        });
      }
      const seconds = report.millis / 1000;
      printLine(
        `Copied ${report.rows} rows in ${report.tables.length} tables from ${report.from} to ${report.to} in ${seconds.toFixed(1)} s (row counts verified).`,
      );
      if (report.wroteKeyFile) printLine(`Wrote the instance key to ${to.kind === 'sqlite' ? to.dataDir : report.to}/authd.key.`);
      if (report.targetNeedsKey) {
        printLine(
          'Give the PostgreSQL instance the same instance key (AUTHD_INSTANCE_KEY or AUTHD_INSTANCE_KEY_FILE): it is not in the database.',
        );
      }
    });
}

/**
 * The copy's progress on stderr: one bar redrawn in place on a terminal; elsewhere (CI logs,
 * pipes) a line when a table is done and, for a long table, at most one every two seconds.
 */
function copyProgressPrinter(): { update: (progress: CopyProgress) => void; finish: () => void } {
  const io = currentCliIo();
  const drawing = io === processIo && process.stderr.isTTY === true;
  let lastWidth = 0;
  let lastLineAt = 0;
  const describe = (p: CopyProgress) =>
    `${renderProgressLine(p.rowsTotal === 0 ? 1 : p.rowsDone, p.rowsTotal === 0 ? 1 : p.rowsTotal, '').replace(/ \S+ $/, '')} ${p.rowsDone}/${p.rowsTotal} ${p.table} (table ${p.tableNumber}/${p.tableCount})`;
  return {
    update(progress) {
      const line = describe(progress);
      if (drawing) {
        io.writeErr(`\r${line.padEnd(lastWidth)}`);
        lastWidth = line.length;
        return;
      }
      const now = performance.now();
      const tableDone = progress.rowsDone === progress.rowsTotal;
      if (tableDone || (progress.rowsDone > 0 && now - lastLineAt >= 2_000)) {
        io.writeErr(`${line}\n`);
        lastLineAt = now;
      }
    },
    finish() {
      if (drawing) io.writeErr('\n');
    },
  };
}
