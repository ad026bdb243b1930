// `authd doctor`: checks a deployment before it goes live (server/core/operations/deployment-checks.ts),
// from the flags and environment `serve` reads, one line per check; exit status 1 when one fails.
import { Command, CommanderError } from 'commander';
import { checkDeployment, deploymentNeedsFixing } from '../../server/core/operations/deployment-checks';
import { CliError, databaseLocationOf, withCommonOptions, type CommonOptions } from '../cli-support';
import { printJson, printLine } from '../cli-output';
import { deploymentSettingsOf, withDeploymentOptions, type DeploymentOptions } from './serve';

interface DoctorOptions extends CommonOptions, DeploymentOptions {
  backups?: string;
  timeout: string;
}

export function doctorCommand(): Command {
  return withDeploymentOptions(withCommonOptions(new Command('doctor')))
    .description(
      "check a deployment before it goes live, with serve's flags and environment; exit status 1 when something must be fixed",
    )
    .option(
      '--backups <dir>',
      "where backups are kept, to check the newest one's age (env AUTHD_BACKUPS_DIR)",
      process.env.AUTHD_BACKUPS_DIR,
    )
    .option('--timeout <seconds>', 'how long each network check (SMTP, PostgreSQL) may take', '10')
    .action(doctor);
}

async function doctor(options: DoctorOptions): Promise<void> {
  if (!/^\d{1,3}$/.test(options.timeout) || Number(options.timeout) === 0) {
    throw new CliError(`--timeout: "${options.timeout}" is not a whole number of seconds (1-999)`);
  }
  const checks = await checkDeployment({
    location: databaseLocationOf(options),
    production: options.production === true,
    settings: deploymentSettingsOf(options),
    domains: options.domain,
    backupsDir: options.backups,
    timeoutMillis: Number(options.timeout) * 1000,
  });
  const needsFixing = deploymentNeedsFixing(checks);
  if (options.json) printJson({ ok: !needsFixing, checks });
  else {
    for (const { status, check, message } of checks) printLine(`${status.padEnd(4)} ${check}: ${message}`);
    const failed = checks.filter((check) => check.status === 'fail').length;
    const warned = checks.filter((check) => check.status === 'warn').length;
    printLine(
      failed > 0
        ? `${failed} to fix, ${warned} to look at: fix the "fail" lines before going live.`
        : `Nothing to fix${warned > 0 ? `; ${warned} to look at` : ''}.`,
    );
  }
  // The report is printed; the status alone says it failed (main.ts prints nothing more).
  if (needsFixing) throw new CommanderError(1, 'authd.doctorFoundProblems', '');
}
