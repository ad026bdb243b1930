#!/usr/bin/env bun
// The authd command line: every command calls the same core functions as the HTTP API.
import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { describeCliFailure } from './cli-support';
import { adminsCommand } from './commands/admins';
import { keysCommand } from './commands/keys';
import { mailCommand } from './commands/mail';
import { permissionsCommand } from './commands/permissions';
import { createProjectCommand, projectsCommand } from './commands/projects';
import { serveCommand } from './commands/serve';
import { teamsCommand } from './commands/teams';
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
  // Subcommands inherit exit behaviour so that commander's own errors also come back here, and
  // every usage error stays one line on stderr (commander puts "(Did you mean …?)" on a second).
  const oneLineErrors = {
    outputError: (text: string, write: (text: string) => void) => write(`${text.trim().replace(/\s*\n\s*/g, ' ')}\n`),
  };
  // Every level, down to `teams members add`.
  const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];
  for (const command of everyCommand(program)) {
    command.exitOverride().configureOutput(oneLineErrors);
  }
  return program;
}

export async function runCli(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    // Commander already printed its message (unknown option, --help, --version).
    if (error instanceof CommanderError) return error.exitCode;
    console.error(`authd: ${describeCliFailure(error)}`);
    return 1;
  }
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2));
  // `serve` keeps running after its action returns; everything else exits with its status.
  if (code !== 0 || process.argv[2] !== 'serve') process.exit(code);
}
