// `authd teams import FILE`: a source's organisations and their memberships, after its users
// were imported, over importTeams of server/core/transfers; the command opens the file and
// prints the report.
import { Option, type Command } from 'commander';
import { importTeams, teamImportFormats, type TeamImportReport } from '../../server/core/transfers/team-import';
import { CliError, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printJson, printLine } from '../cli-output';

interface TeamImportOptions extends ProjectOption {
  format: string;
  dryRun?: boolean;
}

function printReport(report: TeamImportReport): void {
  const verb = report.dry_run ? 'would be imported' : 'imported';
  printLine(
    `${report.read} teams read: ${report.imported} ${verb}, ${report.skipped} skipped (already there), ${report.refused_count} refused; ${report.memberships_added} memberships added.`,
  );
  for (const refusal of report.refused) {
    printLine(`  line ${refusal.line}${refusal.external_id ? ` (${refusal.external_id})` : ''}: refused, ${refusal.reason}`);
  }
  for (const missing of report.members_not_found) {
    printLine(
      `  line ${missing.line} (${missing.team_external_id}): member ${missing.user_external_id} is no user of the project (import the users first)`,
    );
  }
  if (report.members_not_found_count > report.members_not_found.length) {
    printLine(`  … and ${report.members_not_found_count - report.members_not_found.length} more members not found.`);
  }
  if (report.dry_run) printLine('Dry run: nothing was written.');
}

export function teamImportCommand(): Command {
  return projectCommand('import')
    .description(
      "import teams and their members from another system's organisations (after its users); a second run skips who is there",
    )
    .argument('<file>', 'the export file, one team per line')
    .addOption(new Option('--format <format>', `what made the file: ${teamImportFormats.join(', ')}`).makeOptionMandatory())
    .option('--dry-run', 'check every team and print the report, writing nothing')
    .action((path: string, options: TeamImportOptions) =>
      withProject(options, async (ctx) => {
        const file = Bun.file(path);
        if (!(await file.exists())) throw new CliError(`${path}: no such file`);
        const report = await importTeams(ctx, options.project, options.format, file.stream(), {
          dryRun: options.dryRun === true,
        });
        if (options.json) return printJson(report);
        printReport(report);
      }),
    );
}
