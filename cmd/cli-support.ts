// What every authd command shares: the --data, --database and --json options, opening the
// database, checking typed values, and turning errors into one line (printing is cli-output.ts).
import { Command } from 'commander';
import * as v from 'valibot';
import {
  defaultSettings,
  type Context,
  type InstanceMode,
  type InstanceSettings,
  type Logger,
} from '../server/core/storage/context';
import {
  databaseUrlEnvironmentVariable,
  defaultConnectTimeoutSeconds,
  defaultPoolSize,
  parseDatabaseUrl,
  redactDatabaseUrl,
  type DatabaseLocation,
} from '../server/core/storage/database-location';
import {
  openDatabase,
  openDataDirectory,
  openExistingDataDirectory,
  openPostgresDatabase,
  type OpenedContext,
  type OpenedPostgresContext,
} from '../server/core/storage/open-context';
import { plainTextError } from '../server/protocol/plain-text-errors';
import { internalProjectId, requireProjectRow } from '../server/core/projects/projects';
import { KnownError } from '../server/protocol/known-errors';
import { PlainTextError } from '../server/protocol/plain-text-errors';
import { uuidSchema } from '../server/protocol/user-schemas';
import { describeValidationIssues } from '../server/protocol/validation-messages';
import { cliLogger, printErrorLine } from './cli-output';

export interface CommonOptions {
  data: string;
  /** A PostgreSQL URL, used instead of the data directory. */
  database?: string;
  /** Seconds to wait for a PostgreSQL connection (--connect-timeout). */
  connectTimeout?: string;
  /** Connections in the PostgreSQL request pool (--pool-size). */
  poolSize?: string;
  json?: boolean;
  /** Set before the action runs: whether --data was typed rather than defaulted. */
  dataTyped?: boolean;
}

export function defaultDataDir(): string {
  return process.env.AUTHD_DATA || './data';
}

/** Adds --data, --database, --connect-timeout and --json to a command; every leaf command takes them. */
export function withCommonOptions(command: Command): Command {
  return command
    .option('--data <dir>', 'data directory holding authd.db (env AUTHD_DATA)', defaultDataDir())
    .option(
      '--database <url>',
      `a PostgreSQL database instead, postgres://USER:PASSWORD@HOST:PORT/NAME (env ${databaseUrlEnvironmentVariable})`,
    )
    .option(
      '--connect-timeout <seconds>',
      'give up on a PostgreSQL server that does not answer within this time',
      String(defaultConnectTimeoutSeconds),
    )
    .option('--pool-size <connections>', 'connections to PostgreSQL in the request pool (docs/postgresql.md)', String(defaultPoolSize))
    .option('--json', 'print machine-readable JSON (snake_case fields)')
    .hook(
      'preAction',
      (_command, action) => void action.setOptionValue('dataTyped', action.getOptionValueSource('data') === 'cli'),
    );
}

/**
 * The database a command works on: --database when given (with --data too, which of the two
 * was meant is unclear: refused); else AUTHD_DATABASE_URL, unless --data was typed (then a
 * warning says the variable is ignored: a shell that exports it for every command would
 * otherwise hide that this one went elsewhere); else the data directory.
 */
export function databaseLocationOf(options: CommonOptions): DatabaseLocation {
  if (options.database !== undefined && options.dataTyped) throw plainTextError('DATA_AND_DATABASE_BOTH_GIVEN');
  const connectTimeoutSeconds =
    options.connectTimeout === undefined
      ? defaultConnectTimeoutSeconds
      : parseCount('--connect-timeout', options.connectTimeout, 1, 3600);
  const poolSize = options.poolSize === undefined ? defaultPoolSize : parseCount('--pool-size', options.poolSize, 1, 1000);
  if (options.database !== undefined) return { ...parseDatabaseUrl(options.database), connectTimeoutSeconds, poolSize };
  const fromEnvironment = process.env[databaseUrlEnvironmentVariable];
  if (fromEnvironment && !options.dataTyped) return { ...parseDatabaseUrl(fromEnvironment), connectTimeoutSeconds, poolSize };
  if (fromEnvironment) {
    printErrorLine(
      `warning: --data ${options.data} is used; ${databaseUrlEnvironmentVariable} (${redactDatabaseUrl(fromEnvironment)}) is ignored`,
    );
  }
  return { kind: 'sqlite', dataDir: options.data };
}

/** A one-line, user-facing CLI error (bad flag values and the like). */
export class CliError extends Error {}

export function openContext(
  dataDir: string,
  mode: InstanceMode = 'development',
  log: Logger = cliLogger,
  settings: InstanceSettings = defaultSettings(),
): OpenedContext {
  return openDataDirectory(dataDir, mode, log, settings);
}

/**
 * Runs a command body with the --data directory open, closing the database whatever happens.
 * The directory must already hold authd's data: only `serve` and `create-project` make one
 * (withNewOrExistingContext), so a mistyped --data is an error rather than a fresh, empty
 * database that answers "No users.".
 */
export async function withContext<T>(options: CommonOptions, work: (ctx: Context) => T | Promise<T>): Promise<T> {
  const location = databaseLocationOf(options);
  return runAndClose(
    location.kind === 'postgres'
      ? await openPostgresDatabase(location.url, 'development', cliLogger, defaultSettings(), location.connectTimeoutSeconds, location.poolSize)
      : openExistingDataDirectory(location.dataDir, 'development', cliLogger),
    work,
  );
}

/** withContext for `create-project`, which makes the data directory and its database if needed. */
export async function withNewOrExistingContext<T>(options: CommonOptions, work: (ctx: Context) => T | Promise<T>): Promise<T> {
  return runAndClose(await openDatabase(databaseLocationOf(options), 'development', cliLogger), work);
}

async function runAndClose<T>(ctx: OpenedContext | OpenedPostgresContext, work: (ctx: Context) => T | Promise<T>): Promise<T> {
  try {
    return await work(ctx);
  } finally {
    await ctx.storage.close();
  }
}

export interface ProjectOption extends CommonOptions {
  project: string;
}

/** A leaf command acting inside one project: --data, --json and --project (default: internal). */
export function projectCommand(name: string): Command {
  return withCommonOptions(new Command(name)).option('--project <id>', 'project id', internalProjectId);
}

/**
 * Like withContext, for commands inside the --project project: the one way the CLI resolves a
 * project. The API's project is vouched for by its key, the CLI's is only typed, so a typo would
 * otherwise list nothing or fail on a foreign key; an unknown id is PROJECT_NOT_FOUND, naming it.
 */
export function withProject<T>(options: ProjectOption, work: (ctx: Context, projectId: string) => T | Promise<T>): Promise<T> {
  return withContext(options, async (ctx) => {
    await requireProjectRow(ctx.db, options.project);
    return work(ctx, options.project);
  });
}

/**
 * Ids typed as arguments, checked as the API checks path ids, e.g. parseUuids({ team_id: id }),
 * every bad one reported in the one error line under the name the user typed: the argument
 * `<team-id>` as --help shows it, or the flag given in `typedAs` ({ user_id: '--user' }).
 * The CLI has no signed-in user, so no `me`.
 */
export function parseUuids<K extends string>(
  ids: Record<K, string>,
  typedAs: Partial<Record<K, string>> = {},
): Record<K, string> {
  const names = Object.keys(ids) as K[];
  const entries = names.map((name) => [name, uuidSchema] as const);
  const typed = Object.fromEntries(names.map((name) => [name, typedAs[name] ?? `<${name.replace(/_/g, '-')}>`]));
  return parseWithSchema(v.strictObject(Object.fromEntries(entries)), ids, typed) as Record<K, string>;
}

/**
 * An id given with a flag, such as `--team <team-id>`, checked as parseUuids checks arguments;
 * undefined when the flag was not given.
 */
export function parseOptionalUuidFlag(flag: string, text: string | undefined): string | undefined {
  return text === undefined ? undefined : parseUuids({ id: text }, { id: flag }).id;
}

/** The JSON value of a flag such as --server-metadata. */
export function parseJsonFlag(flag: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`${flag}: Invalid JSON format`);
  }
}

/**
 * Validates CLI-built input with the same schema the HTTP API uses. The schema speaks wire
 * names (primary_email); `typedAs` maps them back to what the user typed ({ primary_email:
 * '--email' }), so the error names the flag rather than a field the command never showed.
 */
export function parseWithSchema<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  typedAs: Record<string, string> = {},
): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success)
    throw new CliError(
      describeValidationIssues(result.issues)
        .map((line) => inTypedNames(line, typedAs))
        .join('; '),
    );
  return result.output;
}

/**
 * "primary_email: Invalid email" → "--email: Invalid email". The longest mapped prefix of the
 * problem's path wins ("config.sign_up_enabled" before "config"); a deeper path keeps its tail
 * ("contained_permission_ids[0]" → "--contains[0]").
 */
function inTypedNames(problem: string, typedAs: Record<string, string>): string {
  const path = /^[A-Za-z_][\w.[\]]*/.exec(problem)?.[0] ?? '';
  // Each end of a path segment, longest first: "a.b[0]", "a.b", "a".
  const ends = [path.length, ...[...path.matchAll(/[.[]/g)].map((match) => match.index).reverse()];
  for (const end of ends) {
    const typed = typedAs[path.slice(0, end)];
    if (typed !== undefined) return `${typed}${problem.slice(end)}`;
  }
  return problem;
}

/** A whole number from `min` to `max` typed for `flag`; anything else is a one-line error. */
export function parseCount(flag: string, text: string, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new CliError(
      `${flag}: "${text}" is not a whole number ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}`,
    );
  }
  return value;
}

export function parseOnOff(flag: string) {
  return (value: string): boolean => {
    if (['on', 'true', 'yes'].includes(value)) return true;
    if (['off', 'false', 'no'].includes(value)) return false;
    throw new CliError(`${flag} takes on or off, not "${value}"`);
  };
}

/**
 * A failure as `--json` runs report it, one JSON object on stderr in the API's error shape:
 * `{code, error, details?}`, with the known error's code or the plain-text error's name.
 */
export function describeCliFailureAsJson(error: unknown): { code: string; error: string; details?: unknown } {
  if (error instanceof KnownError)
    return { code: error.code, error: error.message, ...(error.details ? { details: error.details } : {}) };
  if (error instanceof PlainTextError) return { code: error.errorName, error: error.message };
  if (error instanceof CliError) return { code: 'INVALID_CLI_INPUT', error: error.message };
  return { code: 'UNEXPECTED_FAILURE', error: describeCliFailure(error) };
}

/**
 * Core's messages may list problems on separate lines (the API's SCHEMA_ERROR does); a CLI
 * error is one line, so the list is joined: "…: first; second".
 */
function oneLine(message: string): string {
  return message
    .replace(/:\s*\n\s*-\s*/, ': ')
    .replace(/\s*\n\s*-\s*/g, '; ')
    .replace(/\s*\n\s*/g, ' ');
}

export function describeCliFailure(error: unknown): string {
  if (error instanceof KnownError) return `${oneLine(error.message)} (${error.code})`;
  if (error instanceof PlainTextError || error instanceof CliError) return error.message;
  if (error instanceof Error) return `unexpected failure: ${error.message}`;
  return `unexpected failure: ${String(error)}`;
}

/** A TCP port flag's value (0 picks a free one), or the flag's one-line error. */
export function portNumber(flag: string, text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new CliError(`${flag}: "${text}" is not a port number`);
  return port;
}
