// The two leaf commands most resources repeat: a list under ids typed as arguments, and a
// destructive change of the thing those ids name (ask, change, say what was done). Each
// resource's file gives only what differs: the ids, the core call and the words.
import type { Command } from 'commander';
import type { Context } from '../server/core/storage/context';
import { parseUuids, projectCommand, withProject, type ProjectOption } from './cli-support';
import { printList, printSuccess } from './cli-output';
import { confirmDestructive, destructiveProjectCommand, type DestructiveProjectOption } from './terminal-prompts';

type Ids<K extends string> = Record<K, string>;

/**
 * Commander passes the typed arguments first, then the options; the ids are checked later, inside
 * withProject, so a bad one is reported as every other CLI error is.
 */
function typedIdsAndOptions<K extends string, O>(idNames: readonly K[], args: unknown[]): { typed: Ids<K>; options: O } {
  const typed = Object.fromEntries(idNames.map((name, index) => [name, args[index] as string])) as Ids<K>;
  return { typed, options: args[idNames.length] as O };
}

function withIdArguments(command: Command, idNames: readonly string[]): Command {
  for (const name of idNames) command.argument(`<${name.replace(/_/g, '-')}>`);
  return command;
}

export interface IdListCommandSpec<K extends string, T> {
  name?: string;
  description: string;
  /**
   * The ids typed as arguments, in order, as parseUuids names them (`team_id` is `<team-id>`);
   * none for a list of the whole project.
   */
  ids: readonly K[];
  list: (ctx: Context, projectId: string, ids: Ids<K>) => Promise<readonly T[]>;
  /** The line for no items; a list that is never empty gives none (see printList). */
  empty?: string;
  line: (item: T) => string;
}

/** `… list [<id>…]`: the items, one line each (or `{ items }` with --json). */
export function idListCommand<K extends string, T>(spec: IdListCommandSpec<K, T>): Command {
  return withIdArguments(projectCommand(spec.name ?? 'list').description(spec.description), spec.ids).action(
    (...args: unknown[]) => {
      const { typed, options } = typedIdsAndOptions<K, ProjectOption>(spec.ids, args);
      return withProject(options, async (ctx, projectId) => {
        const ids = parseUuids(typed);
        printList(await spec.list(ctx, projectId, ids), { json: options.json, empty: spec.empty, line: spec.line });
      });
    },
  );
}

export interface IdDestructiveCommandSpec<K extends string, R> {
  name: string;
  description: string;
  ids: readonly K[];
  /** The question confirmDestructive asks before anything changes. */
  question: (ids: Ids<K>) => string;
  change: (ctx: Context, projectId: string, ids: Ids<K>) => Promise<R>;
  /** The line saying what was done; `details` are added to the --json success object. */
  done: (ids: Ids<K>, result: R) => string;
  details?: (result: R) => Record<string, unknown>;
}

/** A destructive leaf command (takes --yes) that changes what its ids name. */
export function idDestructiveCommand<K extends string, R>(spec: IdDestructiveCommandSpec<K, R>): Command {
  return withIdArguments(destructiveProjectCommand(spec.name).description(spec.description), spec.ids).action(
    (...args: unknown[]) => {
      const { typed, options } = typedIdsAndOptions<K, DestructiveProjectOption>(spec.ids, args);
      return withProject(options, async (ctx, projectId) => {
        const ids = parseUuids(typed);
        await confirmDestructive(options, spec.question(ids));
        const result = await spec.change(ctx, projectId, ids);
        printSuccess(options, spec.done(ids, result), spec.details?.(result));
      });
    },
  );
}
