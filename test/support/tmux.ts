// A real terminal for tests: windows of a private tmux server (never a user's sessions) that
// run a command, with helpers to read the screen, type and move a TUI's highlight.
import { expect } from 'bun:test';
import { runProcess } from './instance';

export interface TmuxWindow {
  screen(): Promise<string>;
  /** Waits until the screen shows `text`, or matches it (up to 20 s: a busy machine starts bun slowly). */
  waitFor(text: string | RegExp): Promise<string>;
  /** Types `text` literally. */
  type(text: string): Promise<unknown>;
  /** Sends tmux key names: Enter, Tab, Escape, C-u, Down… */
  keys(...keys: string[]): Promise<unknown>;
  /** Moves a TUI's highlight (rows marked "› ") to the row holding `label`. */
  highlight(label: string): Promise<void>;
}

export interface TmuxServer {
  /** Runs `shellCommand` in a new window, 200×40 unless `size` says otherwise. */
  open(shellCommand: string, size?: { columns: number; rows: number }): Promise<TmuxWindow>;
  /** Runs any other tmux command on this server (set-option, show-buffer…) and returns its output. */
  run(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

export function tmuxServer(name: string): TmuxServer {
  const tmux = ['tmux', '-L', `${name}-${process.pid}`];
  let windows = 0;
  const run = async (...args: string[]) => {
    const result = await runProcess([...tmux, ...args]);
    if (result.code !== 0) throw new Error(`tmux ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  return {
    async open(shellCommand, size = { columns: 200, rows: 40 }) {
      const target = `w${++windows}`;
      const dimensions = ['-x', String(size.columns), '-y', String(size.rows)];
      const started = await runProcess([...tmux, 'new-session', '-d', '-s', target, ...dimensions, shellCommand]);
      expect(started.code).toBe(0);
      const screen = async () => (await runProcess([...tmux, 'capture-pane', '-p', '-t', target])).stdout;
      const keys = (...names: string[]) => runProcess([...tmux, 'send-keys', '-t', target, ...names]);
      const selectedLine = async () => (await screen()).split('\n').find((line) => line.startsWith('› '));
      return {
        screen,
        async waitFor(text) {
          const deadline = Date.now() + 20_000;
          for (;;) {
            const shown = await screen();
            if (typeof text === 'string' ? shown.includes(text) : text.test(shown)) return shown;
            if (Date.now() > deadline) throw new Error(`never showed ${String(text)}:\n${shown}`);
            await Bun.sleep(50);
          }
        },
        type: (text) => keys('-l', text),
        keys,
        async highlight(label) {
          for (let step = 0; step < 30; step++) {
            const lines = (await screen()).split('\n');
            const selected = lines.find((line) => line.startsWith('› '));
            if (selected?.includes(label)) return;
            const wanted = lines.findIndex((line) => /^[› ] /.test(line) && line.includes(label));
            await keys(wanted !== -1 && wanted < lines.indexOf(selected ?? '') ? 'Up' : 'Down');
            // One row per key: wait for the highlight to move before looking again.
            const deadline = Date.now() + 5000;
            while ((await selectedLine()) === selected && Date.now() < deadline) await Bun.sleep(20);
          }
          throw new Error(`could not highlight ${label}:\n${await screen()}`);
        },
      };
    },
    run,
    async stop() {
      await runProcess([...tmux, 'kill-server']);
    },
  };
}
