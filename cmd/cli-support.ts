// What every authd command shares: the --data and --json options, opening the data directory,
// printing results, and turning errors into one line on stderr with a non-zero exit.
import { Command } from 'commander';
import * as v from 'valibot';
import { openStorage, type Storage } from '../db/connection';
import {
  defaultSettings,
  stderrLogger,
  systemClock,
  type Context,
  type InstanceMode,
  type InstanceSettings,
  type Logger,
} from '../server/core/context';
import { internalProjectId, requireProjectRow } from '../server/core/projects';
import { KnownError } from '../server/protocol/known-errors';
import { StatusError } from '../server/protocol/status-error';
import { uuidSchema } from '../server/protocol/user-schemas';
import { describeValidationIssues } from '../server/protocol/validation-messages';

export interface CommonOptions {
  data: string;
  json?: boolean;
}

export function defaultDataDir(): string {
  return process.env.AUTHD_DATA || './data';
}

/** Adds --data and --json to a command; every leaf command takes both. */
export function withCommonOptions(command: Command): Command {
  return command
    .option('--data <dir>', 'data directory holding authd.db (env AUTHD_DATA)', defaultDataDir())
    .option('--json', 'print machine-readable JSON (snake_case fields)');
}

/** A one-line, user-facing CLI error (bad flag values and the like). */
export class CliError extends Error {}

export function openContext(
  dataDir: string,
  mode: InstanceMode = 'development',
  log: Logger = stderrLogger,
  settings: InstanceSettings = defaultSettings(),
): Context & { storage: Storage } {
  const storage = openStorage(dataDir);
  return {
    db: storage.db,
    sqlite: storage.sqlite,
    secretKey: storage.secretKey,
    clock: systemClock,
    mode,
    log,
    settings,
    storage,
  };
}

/** Runs a command body with an open context, closing the database whatever happens. */
export async function withContext<T>(options: CommonOptions, work: (ctx: Context) => T | Promise<T>): Promise<T> {
  const ctx = openContext(options.data);
  try {
    return await work(ctx);
  } finally {
    ctx.storage.close();
  }
}

export interface ProjectOption extends CommonOptions {
  project: string;
}

/** A leaf command acting inside one project: --data, --json and --project (default: internal). */
export function projectCommand(name: string): Command {
  return withCommonOptions(new Command(name)).option('--project <id>', 'project id (default: internal)', internalProjectId);
}

/**
 * Like withContext, for commands inside the --project project, which must exist: the API's
 * project is vouched for by its key, the CLI's is only typed, so a typo would otherwise list
 * nothing or fail on a foreign key.
 */
export function withProject<T>(options: ProjectOption, work: (ctx: Context, projectId: string) => T | Promise<T>): Promise<T> {
  return withContext(options, (ctx) => {
    requireProjectRow(ctx.db, options.project);
    return work(ctx, options.project);
  });
}

/**
 * Ids typed as arguments, checked as the API checks path ids, e.g. parseUuids({ team_id: id }),
 * every bad one reported in the one error line. The CLI has no signed-in user, so no `me`.
 */
export function parseUuids<K extends string>(ids: Record<K, string>): Record<K, string> {
  const entries = Object.keys(ids).map((name) => [name, uuidSchema] as const);
  return parseWithSchema(v.strictObject(Object.fromEntries(entries)), ids) as Record<K, string>;
}

/** A password piped in (never a flag, which shell history keeps), without its final newline. */
export async function readPasswordFromStdin(): Promise<string> {
  const text = (await new Response(Bun.stdin.stream()).text()).replace(/\r?\n$/, '');
  if (!text) throw new CliError('no password on standard input');
  return text;
}

/** The JSON value of a flag such as --server-metadata. */
export function parseJsonFlag(flag: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`${flag}: Invalid JSON format`);
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Validates CLI-built input with the same schema the HTTP API uses. */
export function parseWithSchema<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new CliError(describeValidationIssues(result.issues).join('; '));
  return result.output;
}

export function parseOnOff(flag: string) {
  return (value: string): boolean => {
    if (['on', 'true', 'yes'].includes(value)) return true;
    if (['off', 'false', 'no'].includes(value)) return false;
    throw new CliError(`${flag} takes on or off, not "${value}"`);
  };
}

export function describeCliFailure(error: unknown): string {
  if (error instanceof KnownError) return `${error.message} (${error.code})`;
  if (error instanceof StatusError || error instanceof CliError) return error.message;
  if (error instanceof Error) return `unexpected failure: ${error.message}`;
  return `unexpected failure: ${String(error)}`;
}
