// `authd completion bash|zsh|fish`: a completion script for the shell, generated from the
// program's own command tree, so every command and option added later completes without editing
// it; and the hidden `authd __complete-ids` the scripts call to complete project, user and team
// ids from the data the command line points at (its --data, --database and --project).
import { Command } from 'commander';
import { listProjectAdminViews } from '../../server/core/projects/projects';
import { listTeams } from '../../server/core/teams/teams';
import { listUsers } from '../../server/core/users/users';
import { CliError, projectCommand, withContext, withProject, type ProjectOption } from '../cli-support';
import { printLine } from '../cli-output';

/** The kinds of id that complete from the data. */
type IdKind = 'project' | 'user' | 'team';

/** Arguments and options whose value is an id of a kind, by the name --help shows. */
const idKindOfArgument: Record<string, IdKind> = { 'project-id': 'project', 'user-id': 'user', 'team-id': 'team' };
const idKindOfOption: Record<string, IdKind> = {
  '--project': 'project',
  '--user': 'user',
  '--team': 'team',
  '--creator': 'user',
};

/** The options whose value the data decides, passed on to `__complete-ids`. */
const locatingOptions = ['--data', '--database', '--project'];

interface CompletionLevel {
  path: string;
  subcommands: [name: string, description: string][];
  options: [flag: string, description: string][];
  /** Options followed by a value (which is not a command word). */
  valued: string[];
  idOptions: [flag: string, kind: IdKind][];
  /** The id kind of each positional argument, '-' where it is not an id. */
  positionals: string[];
}

const isHidden = (command: Command) => (command as unknown as { _hidden?: boolean })._hidden === true;

function levelsOf(command: Command, path: string[] = []): CompletionLevel[] {
  const visible = command.commands.filter((sub) => !isHidden(sub));
  const longOptions = command.options.filter((option) => option.long !== undefined);
  const level: CompletionLevel = {
    path: path.join(' '),
    subcommands: visible.map((sub) => [sub.name(), sub.description()]),
    options: [
      ...longOptions.map((option): [string, string] => [option.long!, option.description]),
      ['--help', 'display help for command'],
    ],
    valued: longOptions.filter((option) => option.required || option.optional).map((option) => option.long!),
    idOptions: longOptions.flatMap((option): [string, IdKind][] => {
      const kind = idKindOfOption[option.long!];
      return kind && (option.required || option.optional) ? [[option.long!, kind]] : [];
    }),
    positionals: command.registeredArguments.map((argument) => idKindOfArgument[argument.name()] ?? '-'),
  };
  return [level, ...visible.flatMap((sub) => levelsOf(sub, [...path, sub.name()]))];
}

/** A word in single quotes for bash, zsh and fish alike (fish also needs \\ and \' escaped). */
const shQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const fishQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** "users delete|--project" patterns for a shell `case`, or a pattern that never matches. */
const bar = (items: string[]) => `|${items.join('|')}|`;

/** Bash completion: commands, options, and ids from the data for id arguments and options. */
export function bashCompletionScript(program: Command): string {
  const levels = levelsOf(program);
  const cases = levels
    .map(
      (level) =>
        `    ${shQuote(level.path)}) words=${shQuote([...level.subcommands.map(([name]) => name), ...level.options.map(([flag]) => flag)].join(' '))}; valued=${shQuote(bar(level.valued))}; idopts=${shQuote(bar(level.idOptions.map(([flag, kind]) => `${flag}=${kind}`)))}; positionals=${shQuote(level.positionals.join(' '))} ;;`,
    )
    .join('\n');
  return `# authd completion for bash: eval "$(authd completion bash)"
_authd_level() {
  case "$1" in
${cases}
  esac
}
_authd_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmdpath="" candidate w i npos=0 kind=""
  local words valued idopts positionals known=${shQuote(bar(levels.map((level) => level.path)))}
  local -a located pos
  _authd_level ""
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    if [ -z "$cmdpath" ]; then candidate="$w"; else candidate="$cmdpath $w"; fi
    if [ "$npos" = 0 ] && [[ "$known" == *"|$candidate|"* ]]; then cmdpath="$candidate"; _authd_level "$cmdpath"; continue; fi
    if [[ "$w" == -* ]]; then
      case "$w" in ${locatingOptions.join('|')}) located+=("$w" "\${COMP_WORDS[i+1]}") ;; esac
      if [[ "$valued" == *"|$w|"* ]]; then ((i++)); fi
      continue
    fi
    ((npos++))
  done
  if [[ "$idopts" == *"|$prev="* ]]; then
    kind="\${idopts#*|$prev=}"; kind="\${kind%%|*}"
  elif [[ "$valued" == *"|$prev|"* ]]; then
    COMPREPLY=($(compgen -f -- "$cur")); return
  elif [[ "$cur" != -* ]]; then
    pos=($positionals); kind="\${pos[npos]}"; [ "$kind" = "-" ] && kind=""
  fi
  if [ -n "$kind" ]; then
    COMPREPLY=($(compgen -W "$(authd __complete-ids "$kind" "\${located[@]}" 2>/dev/null | cut -f1)" -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _authd_complete authd
`;
}

/**
 * Native zsh completion: the same walk as bash's, offering each word with its description.
 * (Its variable is cmdpath, never path: zsh ties $path to $PATH.)
 */
export function zshCompletionScript(program: Command): string {
  const levels = levelsOf(program);
  const described = (pairs: [string, string][]) =>
    pairs.map(([word, description]) => shQuote(`${word.replace(/:/g, '\\:')}:${description}`)).join(' ');
  const cases = levels
    .map(
      (level) =>
        `    ${shQuote(level.path)}) subs=(${described(level.subcommands)}); opts=(${described(level.options)}); valued=${shQuote(bar(level.valued))}; idopts=${shQuote(bar(level.idOptions.map(([flag, kind]) => `${flag}=${kind}`)))}; positionals=(${level.positionals.map(shQuote).join(' ')}) ;;`,
    )
    .join('\n');
  return `#compdef authd
# authd completion for zsh: eval "$(authd completion zsh)", or save it as _authd in your $fpath
_authd_level() {
  case "$1" in
${cases}
  esac
}
_authd() {
  local cmdpath="" candidate w i npos=0 kind="" cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}"
  local valued idopts known=${shQuote(bar(levels.map((level) => level.path)))}
  local -a subs opts positionals located ids
  _authd_level ""
  for ((i = 2; i < CURRENT; i++)); do
    w="\${words[i]}"
    if [[ -z "$cmdpath" ]]; then candidate="$w"; else candidate="$cmdpath $w"; fi
    if [[ "$npos" = 0 && "$known" == *"|$candidate|"* ]]; then cmdpath="$candidate"; _authd_level "$cmdpath"; continue; fi
    if [[ "$w" == -* ]]; then
      case "$w" in ${locatingOptions.join('|')}) located+=("$w" "\${words[i+1]}") ;; esac
      if [[ "$valued" == *"|$w|"* ]]; then ((i++)); fi
      continue
    fi
    ((npos++))
  done
  if [[ "$idopts" == *"|$prev="* ]]; then
    kind="\${idopts#*|$prev=}"; kind="\${kind%%|*}"
  elif [[ "$valued" == *"|$prev|"* ]]; then
    _files; return
  elif [[ "$cur" != -* ]]; then
    kind="\${positionals[npos+1]}"; [[ "$kind" = "-" ]] && kind=""
  fi
  if [[ -n "$kind" ]]; then
    ids=("\${(@f)$(authd __complete-ids "$kind" "\${located[@]}" 2>/dev/null | sed -e 's/:/\\\\:/g' -e 's/\t/:/')}")
    [[ -n "\${ids[1]}" ]] && _describe -t ids "$kind id" ids
    return
  fi
  if [[ "$cur" == -* ]]; then _describe -t options 'option' opts; else _describe -t commands 'command' subs -- opts; fi
}
compdef _authd authd
`;
}

/** Fish completion: one function computes the candidates, with fish's tab-separated descriptions. */
export function fishCompletionScript(program: Command): string {
  const levels = levelsOf(program);
  const list = (items: string[]) => items.map(fishQuote).join(' ');
  const cases = levels
    .map((level) =>
      [
        `    case ${fishQuote(level.path)}`,
        `      set -g __authd_words ${list([...level.subcommands.map(([name]) => name), ...level.options.map(([flag]) => flag)])}`,
        `      set -g __authd_descriptions ${list([...level.subcommands.map(([, d]) => d), ...level.options.map(([, d]) => d)])}`,
        `      set -g __authd_valued ${list(level.valued)}`,
        `      set -g __authd_idopts ${list(level.idOptions.map(([flag, kind]) => `${flag}=${kind}`))}`,
        `      set -g __authd_positionals ${list(level.positionals)}`,
      ].join('\n'),
    )
    .join('\n');
  return `# authd completion for fish: authd completion fish > ~/.config/fish/completions/authd.fish
function __authd_level
  switch $argv[1]
${cases}
  end
end
function __authd_complete
  set -l tokens (commandline -opc)
  set -l cur (commandline -ct)
  set -l cmdpath ''
  set -l npos 0
  set -l located
  set -l skip 0
  set -l known ${list(levels.map((level) => level.path))}
  __authd_level ''
  for i in (seq 2 (count $tokens))
    set -l w $tokens[$i]
    if test $skip = 1
      set skip 0
      continue
    end
    set -l candidate (string trim -- "$cmdpath $w")
    if test $npos = 0; and contains -- $candidate $known
      set cmdpath $candidate
      __authd_level $cmdpath
      continue
    end
    if string match -q -- '-*' $w
      if contains -- $w ${locatingOptions.join(' ')}; and test $i -lt (count $tokens)
        set located $located $w $tokens[(math $i + 1)]
      end
      if contains -- $w $__authd_valued
        set skip 1
      end
      continue
    end
    set npos (math $npos + 1)
  end
  set -l kind ''
  set -l prev $tokens[-1]
  if test $skip = 1
    for pair in $__authd_idopts
      if test (string split -m1 = -- $pair)[1] = $prev
        set kind (string split -m1 = -- $pair)[2]
      end
    end
    if test -z "$kind"
      __fish_complete_path $cur
      return
    end
  else if not string match -q -- '-*' $cur
    set -l index (math $npos + 1)
    if test $index -le (count $__authd_positionals); and test $__authd_positionals[$index] != '-'
      set kind $__authd_positionals[$index]
    end
  end
  if test -n "$kind"
    authd __complete-ids $kind $located 2>/dev/null
    return
  end
  for i in (seq (count $__authd_words))
    printf '%s\\t%s\\n' $__authd_words[$i] $__authd_descriptions[$i]
  end
end
complete -c authd -f -a '(__authd_complete)'
`;
}

export function completionCommand(): Command {
  return new Command('completion')
    .description('print a shell completion script: eval "$(authd completion bash)" (or zsh; fish: see the examples)')
    .argument('<shell>', 'bash, zsh or fish')
    .action((shell: string, _options: unknown, command: Command) => {
      const program = command.parent!;
      if (shell === 'bash') return printLine(bashCompletionScript(program));
      if (shell === 'zsh') return printLine(zshCompletionScript(program));
      if (shell === 'fish') return printLine(fishCompletionScript(program));
      throw new CliError(`completion: "${shell}" is not a supported shell (bash, zsh or fish)`);
    });
}

/** How many ids a completion offers: enough to pick from, few enough to answer at once. */
const completedIdsLimit = 200;

/**
 * `authd __complete-ids project|user|team`, hidden: one "id<TAB>description" line per id, for the
 * completion scripts. Quiet on every failure (no data, a bad --project, an unreachable
 * database): a completion that cannot help offers nothing rather than printing into the prompt.
 */
export function completeIdsCommand(): Command {
  return projectCommand('__complete-ids')
    .description('ids for shell completion (used by the completion scripts)')
    .argument('<kind>', 'project, user or team')
    .action(async (kind: string, options: ProjectOption, command: Command) => {
      // A completion must answer at once: a database that does not, gets 2 s, not the default.
      if (command.getOptionValueSource('connectTimeout') === 'default') options.connectTimeout = '2';
      try {
        const lines =
          kind === 'project'
            ? await withContext(options, async (ctx) =>
                (await listProjectAdminViews(ctx)).map((project) => `${project.id}\t${project.display_name}`),
              )
            : kind === 'user'
              ? await withProject(options, async (ctx, projectId) =>
                  (await listUsers(ctx, projectId, { limit: completedIdsLimit })).items.map(
                    (user) => `${user.id}\t${[user.primary_email, user.display_name].filter(Boolean).join(' ') || '(no email)'}`,
                  ),
                )
              : kind === 'team'
                ? await withProject(options, async (ctx, projectId) =>
                    (await listTeams(ctx, projectId))
                      .slice(0, completedIdsLimit)
                      .map((team) => `${team.id}\t${team.display_name}`),
                  )
                : [];
        for (const line of lines.slice(0, completedIdsLimit)) printLine(line.replace(/[\r\n]/g, ' '));
      } catch {
        // Nothing to offer; see above.
      }
    });
}
