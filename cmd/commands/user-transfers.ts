// `authd users import FILE` and `authd users export`, over the core of server/core/transfers:
// the command only opens the file, draws the progress bar and prints the report.
import { createWriteStream } from 'node:fs';
import { Command, Option } from 'commander';
import { importUsers, type ImportCounts, type ImportReport } from '../../server/core/transfers/user-import';
import { importFormats } from '../../server/core/transfers/source-formats';
import { exportFormats, exportUsers } from '../../server/core/transfers/user-export';
import { renderProgressLine } from '../progress-bar';
import { CliError, parseCount, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { currentCliIo, printErrorLine, printJson, printLine, processIo } from '../cli-output';

interface ImportOptions extends ProjectOption {
  format: string;
  dryRun?: boolean;
  batchSize: string;
  /** --progress or --no-progress; neither: drawn on a terminal without --json. */
  progress?: boolean;
  firebaseSignerKey?: string;
  firebaseSaltSeparator?: string;
  firebaseRounds?: string;
  firebaseMemCost?: string;
}

interface ExportOptions extends ProjectOption {
  format: string;
  output?: string;
  includePasswordHashes?: boolean;
}

const base64Flag = (flag: string, text: string): string => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new CliError(`${flag}: not base64`);
  return text;
};

function firebaseParameters(options: ImportOptions) {
  const given = [options.firebaseSignerKey, options.firebaseSaltSeparator, options.firebaseRounds, options.firebaseMemCost];
  if (given.every((value) => value === undefined)) return undefined;
  if (given.some((value) => value === undefined)) {
    throw new CliError('--firebase-signer-key, --firebase-salt-separator, --firebase-rounds and --firebase-mem-cost go together');
  }
  return {
    signerKey: base64Flag('--firebase-signer-key', options.firebaseSignerKey!),
    saltSeparator: base64Flag('--firebase-salt-separator', options.firebaseSaltSeparator!),
    rounds: parseCount('--firebase-rounds', options.firebaseRounds!, 1, 64),
    memCost: parseCount('--firebase-mem-cost', options.firebaseMemCost!, 1, 24),
  };
}

const megabytes = (bytes: number) => Math.max(1, Math.ceil(bytes / 1_000_000));

/**
 * The import's progress on stderr, as far through the file as it has read. Drawn on a terminal
 * unless --json (redrawn in place), or wherever asked with --progress (into a pipe or a log one
 * line per twentieth of the file); never on stdout, which keeps only the report.
 */
function importProgress(options: ImportOptions, totalBytes: number, readBytes: () => number) {
  const onTerminal = currentCliIo() === processIo && process.stderr.isTTY === true;
  if (!(options.progress ?? (onTerminal && !options.json))) return undefined;
  const io = currentCliIo();
  let lastStep = -1;
  let latest = '';
  let written = '';
  const write = (line: string) => {
    io.writeErr(onTerminal ? `\r${line}` : `${line}\n`);
    written = line;
  };
  return {
    update(counts: ImportCounts) {
      const read = Math.min(readBytes(), totalBytes);
      const step = Math.floor((read / Math.max(1, totalBytes)) * 20);
      latest = renderProgressLine(megabytes(read), megabytes(totalBytes), `MB read: ${counts.imported} imported, ${counts.skipped} skipped, ${counts.refused} refused`);
      if (onTerminal || step !== lastStep) write(latest);
      lastStep = step;
    },
    /** The last counts, if a skipped step held them back, and the end of the line. */
    done() {
      if (latest !== written) write(latest);
      if (onTerminal && written !== '') io.writeErr('\n');
    },
  };
}

function printReport(report: ImportReport): void {
  const verb = report.dry_run ? 'would be imported' : 'imported';
  printLine(`${report.read} users read: ${report.imported} ${verb}, ${report.skipped} skipped (already there), ${report.refused_count} refused.`);
  for (const refusal of report.refused) {
    printLine(`  line ${refusal.line}${refusal.external_id ? ` (${refusal.external_id})` : ''}: refused, ${refusal.reason}`);
  }
  if (report.refused_count > report.refused.length) printLine(`  … and ${report.refused_count - report.refused.length} more refused.`);
  for (const note of report.notes) printLine(`  line ${note.line}: ${note.note}`);
  if (report.dry_run) printLine('Dry run: nothing was written.');
}

export function userImportCommand(): Command {
  return projectCommand('import')
    .description("import users from another system's export file (or authd's own); a second run skips who is there")
    .argument('<file>', 'the export file')
    .addOption(new Option('--format <format>', `what made the file: ${importFormats.join(', ')}`).makeOptionMandatory())
    .option('--dry-run', 'check every user and print the report, writing nothing')
    .option('--batch-size <n>', 'users per transaction', '500')
    .option('--progress', 'draw the progress bar on stderr even when it is not a terminal, or with --json')
    .option('--no-progress', 'no progress bar, also on a terminal')
    .option('--firebase-signer-key <base64>', "Firebase's password hash parameter base64_signer_key")
    .option('--firebase-salt-separator <base64>', "Firebase's base64_salt_separator")
    .option('--firebase-rounds <n>', "Firebase's rounds")
    .option('--firebase-mem-cost <n>', "Firebase's mem_cost")
    .action((path: string, options: ImportOptions) =>
      withProject(options, async (ctx) => {
        const file = Bun.file(path);
        if (!(await file.exists())) throw new CliError(`${path}: no such file`);
        const firebase = firebaseParameters(options);
        let readBytes = 0;
        async function* counted(): AsyncGenerator<Uint8Array> {
          for await (const chunk of file.stream()) {
            readBytes += chunk.byteLength;
            yield chunk;
          }
        }
        const progress = importProgress(options, file.size, () => readBytes);
        const report = await importUsers(ctx, options.project, options.format, counted(), {
          dryRun: options.dryRun === true,
          batchSize: parseCount('--batch-size', options.batchSize, 1, 100_000),
          ...(firebase ? { source: { firebase } } : {}),
          ...(progress ? { onProgress: progress.update } : {}),
        });
        progress?.done();
        if (options.json) return printJson(report);
        printReport(report);
      }),
    );
}

export function userExportCommand(): Command {
  return projectCommand('export')
    .description("write the project's users as JSONL or CSV (standard output unless --output), the file import reads back")
    .addOption(new Option('--format <format>', `file format: ${exportFormats.join(', ')}`).default('jsonl'))
    .option('--output <file>', 'write to this file instead of standard output')
    .option('--include-password-hashes', 'add each password hash and TOTP secret (left out otherwise)')
    .action((options: ExportOptions) =>
      withProject(options, async (ctx) => {
        const pieces = exportUsers(ctx, options.project, options.format, { includePasswordHashes: options.includePasswordHashes === true });
        if (!options.output) {
          for await (const piece of pieces) currentCliIo().writeOut(piece);
          return;
        }
        // Secrets may be in it: readable by its owner only.
        const out = createWriteStream(options.output, { mode: 0o600 });
        let count = 0;
        for await (const piece of pieces) {
          if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          count += 1;
        }
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        const users = options.format === 'csv' ? count - 1 : count;
        if (options.json) return printJson({ users, output: options.output });
        printErrorLine(`${users} users written to ${options.output}.`);
      }),
    );
}
