#!/usr/bin/env bun
// The authd command line: every command calls the same core functions as the HTTP API.
import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { describeCliFailure, describeCliFailureAsJson } from './cli-support';
import { currentCliIo, printErrorLine, processIo, withCliIo, type CliIo } from './cli-output';
import { userInfo } from 'node:os';
import { withAuditOrigin, type AuditOrigin } from '../server/core/audit/audit-origin';
import { addHelpExamples } from './help-examples';

/**
 * The program over the given commands: all of them (commands/all-commands.ts), or only `serve`.
 * With `json`, commander's usage errors are JSON objects on stderr like every other failure.
 */
export function buildProgram(commands: Command[], { json = false }: { json?: boolean } = {}): Command {
  const program = new Command('authd')
    .description("Self-hosted sign-in and user management, speaking Stack Auth's REST API v1.")
    .version(packageJson.version)
    .exitOverride();
  // A command named __like-this is for the completion scripts, not people: left out of --help.
  for (const command of commands) program.addCommand(command, { hidden: command.name().startsWith('__') });
  addHelpExamples(program);
  // Subcommands inherit exit behaviour so that commander's own errors also come back here, and
  // every usage error stays one line on stderr (commander puts "(Did you mean …?)" on a second)
  // that says where the right usage is. Help and usage errors go where the commands' own output
  // goes (see CliIo).
  // Every level, down to `teams members add`.
  const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];
  for (const command of everyCommand(program)) {
    const helpCommand = `${commandPath(command)} --help`;
    command.exitOverride().configureOutput({
      writeOut: (text: string) => currentCliIo().writeOut(text),
      writeErr: (text: string) => currentCliIo().writeErr(text),
      outputError: (text: string, write: (text: string) => void) => {
        const message = `${text
          .trim()
          .replace(/^error: /, '')
          .replace(/\s*\n\s*/g, ' ')}; see ${helpCommand}`;
        write(`${json ? JSON.stringify({ code: 'USAGE_ERROR', error: message }) : `authd: ${message}`}\n`);
      },
    });
  }
  return program;
}

/** "authd teams members add": the words that run `command`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name());
  return names.join(' ');
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
      // The command modules are loaded here, not imported above: `authd serve` then loads only
      // what serving needs (no Ink, no TUI, no other command's code), which keeps the compiled
      // binary's start and idle memory down (bench/footprint.ts). The bundler wraps a module
      // reached only through import() so that its code runs when first imported.
      const commands =
        argv[0] === 'serve'
          ? [(await import('./commands/serve')).serveCommand()]
          : (await import('./commands/all-commands')).allCommands();
      const program = buildProgram(commands, { json: argv.includes('--json') });
      // The audit log names the CLI and TUI by the operating-system user that ran them; serve's
      // requests open their own origin (server/http/server.ts).
      if (argv[0] === 'serve') await program.parseAsync(argv, { from: 'user' });
      else
        await withAuditOrigin(cliAuditOrigin(argv[0] === 'tui' ? 'authd tui' : 'authd cli'), () =>
          program.parseAsync(argv, { from: 'user' }),
        );
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
