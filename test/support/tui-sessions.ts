// `authd tui` from source at a real terminal (tmux), for the TUI's screen tests: a file's
// instance in a scratch data directory beside its own tmux server, and the TUI opened on one of
// the demo project's screens.
import { join } from 'node:path';
import { ensureShells } from '../../scripts/ensure-shells';
import { removeScratchDirs, scratchDir } from './cli';
import { aroundFile } from './file-instance';
import { bunExecutable, repoRoot, startTestInstance, type TestInstance } from './instance';
import { tmuxServer, type TmuxServer, type TmuxWindow } from './tmux';

export interface TuiFile {
  t: TestInstance;
  terminals: TmuxServer;
}

/** Registers the file's beforeAll/afterAll: the shells tmux needs, an instance, a tmux server named `name`. */
export function withTuiInstance(name: string, ready: (started: TuiFile) => unknown): void {
  aroundFile<TuiFile>(
    async (into) => {
      await ensureShells();
      into.terminals = tmuxServer(name);
      into.t = await startTestInstance({ dataDir: scratchDir(`${name}-`) });
    },
    async (started) => {
      await started.terminals?.stop();
      await started.t?.stop();
      removeScratchDirs();
    },
    ready,
    { timeoutMillis: 300_000 },
  );
}

/** Opens `authd tui` on the instance's data and goes into the demo project's `screen` (its menu label). */
export async function openDemoProjectScreen(started: TuiFile, screen: string): Promise<TmuxWindow> {
  const { t, terminals } = started;
  const demo = t.demo!;
  const tui = await terminals.open(
    `${[bunExecutable, join(repoRoot, 'cmd', 'main.ts'), 'tui', ...t.databaseArgs].join(' ')}; echo "tui exited with $?"; sleep 60`,
  );
  await tui.waitFor(demo.displayName);
  await tui.highlight(demo.displayName);
  await tui.keys('Enter');
  await tui.waitFor('Configuration');
  await tui.highlight(screen);
  await tui.keys('Enter');
  return tui;
}
