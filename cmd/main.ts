#!/usr/bin/env bun
// The authd command line: every command calls the same core functions as the HTTP API.
import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { currentCliIo, describeCliFailure, describeCliFailureAsJson, printErrorLine, processIo, withCliIo, type CliIo } from './cli-support';
import { userInfo } from 'node:os';
import { withAuditOrigin, type AuditOrigin } from '../server/core/audit/audit-origin';
import { adminsCommand } from './commands/admins';
import { auditCommand } from './commands/audit';
import { completionCommand } from './commands/completion';
import { configCommand } from './commands/config';
import { emailTemplatesCommand } from './commands/email-templates';
import { keysCommand } from './commands/keys';
import { mailCommand } from './commands/mail';
import { permissionsCommand } from './commands/permissions';
import { createProjectCommand, projectsCommand } from './commands/projects';
import { serveCommand } from './commands/serve';
import { teamsCommand } from './commands/teams';
import { tuiCommand } from './commands/tui';
import { backupCommands } from './commands/backup';
import { copyCommand, migrateCommand } from './commands/database';
import { usersCommand } from './commands/users';
import { webhooksCommand } from './commands/webhooks';

export function buildProgram(): Command {
  const program = new Command('authd')
    .description("Self-hosted sign-in and user management, speaking Stack Auth's REST API v1.")
    .version(packageJson.version)
    .exitOverride();
  program.addCommand(serveCommand());
  program.addCommand(createProjectCommand());
  program.addCommand(projectsCommand());
  program.addCommand(keysCommand());
  program.addCommand(usersCommand());
  program.addCommand(teamsCommand());
  program.addCommand(permissionsCommand());
  program.addCommand(adminsCommand());
  program.addCommand(mailCommand());
  program.addCommand(webhooksCommand());
  program.addCommand(auditCommand());
  program.addCommand(emailTemplatesCommand());
  program.addCommand(configCommand());
  program.addCommand(tuiCommand());
  for (const command of backupCommands()) program.addCommand(command);
  program.addCommand(migrateCommand());
  program.addCommand(copyCommand());
  program.addCommand(completionCommand());
  // Subcommands inherit exit behaviour so that commander's own errors also come back here, and
  // every usage error stays one line on stderr (commander puts "(Did you mean …?)" on a second).
  // Help and usage errors go where the commands' own output goes (see CliIo).
  const output = {
    writeOut: (text: string) => currentCliIo().writeOut(text),
    writeErr: (text: string) => currentCliIo().writeErr(text),
    outputError: (text: string, write: (text: string) => void) => write(`${text.trim().replace(/\s*\n\s*/g, ' ')}\n`),
  };
  // Every level, down to `teams members add`.
  const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];
  for (const command of everyCommand(program)) {
    command.exitOverride().configureOutput(output);
  }
  return program;
}

function cliAuditOrigin(userAgent: string): AuditOrigin {
  let osUser: string | null = null;
  try {
    osUser = userInfo().username;
  } catch {
    // No passwd entry for this uid (some containers): the event just has no actor id.
  }
  return { actorType: 'cli', actorId: osUser, ip: () => null, userAgent };
}

/** Runs one `authd <argv>` and resolves with its exit status; never exits the process itself. */
export function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  return withCliIo(io, async () => {
    try {
      const program = buildProgram();
      // The audit log names the CLI and TUI by the operating-system user that ran them; serve's
      // requests open their own origin (server/http/server.ts).
      if (argv[0] === 'serve') await program.parseAsync(argv, { from: 'user' });
      else await withAuditOrigin(cliAuditOrigin(argv[0] === 'tui' ? 'authd tui' : 'authd cli'), () => program.parseAsync(argv, { from: 'user' }));
      return 0;
    } catch (error) {
      // Commander already printed its message (unknown option, --help, --version).
      if (error instanceof CommanderError) return error.exitCode;
      if (argv.includes('--json')) printErrorLine(JSON.stringify(describeCliFailureAsJson(error)));
      else printErrorLine(`authd: ${describeCliFailure(error)}`);
      return 1;
    }
  });
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2));
  // `serve` keeps running after its action returns; everything else exits with its status.
  if (code !== 0 || process.argv[2] !== 'serve') process.exit(code);
}
