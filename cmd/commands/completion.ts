// `authd completion bash|zsh`: a completion script for the shell, generated from the program's
// own command tree, so every command and option added later completes without editing it.
import { Command } from 'commander';
import { CliError, printLine } from '../cli-support';

interface CompletionLevel {
  path: string;
  words: string[];
}

function levelsOf(command: Command, path: string[] = []): CompletionLevel[] {
  const options = command.options.map((option) => option.long).filter((name): name is string => Boolean(name));
  const words = [...command.commands.map((sub) => sub.name()), ...options, '--help'];
  return [{ path: path.join(' '), words }, ...command.commands.flatMap((sub) => levelsOf(sub, [...path, sub.name()]))];
}

/** Bash completion; zsh runs the same function through bashcompinit. */
export function bashCompletionScript(program: Command): string {
  const levels = levelsOf(program);
  const known = `|${levels.map((level) => level.path).join('|')}|`;
  const cases = levels.map((level) => `    "${level.path}") words="${level.words.join(' ')}" ;;`).join('\n');
  return `# authd completion for bash (and zsh through bashcompinit)
_authd_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" candidate words="" i
  local known="${known}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [ -z "$path" ]; then candidate="\${COMP_WORDS[i]}"; else candidate="$path \${COMP_WORDS[i]}"; fi
    case "$known" in *"|$candidate|"*) path="$candidate" ;; esac
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _authd_complete authd
`;
}

export function completionCommand(): Command {
  return new Command('completion')
    .description('print a shell completion script: eval "$(authd completion bash)" (or zsh)')
    .argument('<shell>', 'bash or zsh')
    .action((shell: string, _options: unknown, command: Command) => {
      const program = command.parent!;
      if (shell === 'bash') return printLine(bashCompletionScript(program));
      if (shell === 'zsh') return printLine(`autoload -U +X bashcompinit && bashcompinit\n${bashCompletionScript(program)}`);
      throw new CliError(`completion: "${shell}" is not a supported shell (bash or zsh)`);
    });
}
