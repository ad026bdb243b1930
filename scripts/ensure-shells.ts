// Makes sure Debian's zsh, fish and tmux are installed for the CLI manners tests
// (test/cli/cli-manners.test.ts): the completion scripts run in those shells, at a tmux terminal.
import { ensureDebianPackage } from './debian-packages';

export const zshPath = '/usr/bin/zsh';
export const fishPath = '/usr/bin/fish';
export const tmuxPath = '/usr/bin/tmux';

export async function ensureShells(): Promise<void> {
  await ensureDebianPackage('zsh', [zshPath], 'the zsh completion test');
  await ensureDebianPackage('fish', [fishPath], 'the fish completion test');
  await ensureDebianPackage('tmux', [tmuxPath], 'the tests at a terminal');
}

if (import.meta.main) await ensureShells();
