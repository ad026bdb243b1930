// Drives the TUI in process through ink-testing-library: keys in, frames out, against a real
// test instance (its SQLite file and running HTTP server).
import { expect } from 'bun:test';
import { render } from 'ink-testing-library';
import { TuiApp } from '../../cmd/tui/tui-app';
import type { Context } from '../../server/core/storage/context';

export const keys = {
  enter: '\r',
  escape: '\x1b',
  up: '\x1b[A',
  down: '\x1b[B',
  backspace: '\x7f',
} as const;

export interface DrivenTui {
  frame(): string;
  /** Sends one key or a run of typed text, then lets React commit. */
  press(input: string): Promise<void>;
  /** Waits (polling the frames, up to 5 s) until the screen shows `text`; returns that frame. */
  waitFor(text: string | RegExp): Promise<string>;
  unmount(): void;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function driveTui(ctx: Context): Promise<DrivenTui> {
  const instance = render(<TuiApp ctx={ctx} />);
  const frame = () => instance.lastFrame() ?? '';
  const shows = (text: string | RegExp) => (typeof text === 'string' ? frame().includes(text) : text.test(frame()));
  const tui: DrivenTui = {
    frame,
    async press(input) {
      // A screen's key handlers subscribe in effects, after its frame is drawn: let them run.
      await tick();
      instance.stdin.write(input);
      await tick();
      await tick();
    },
    async waitFor(text) {
      const deadline = Date.now() + 5000;
      while (!shows(text)) {
        if (Date.now() > deadline) throw new Error(`the TUI never showed ${String(text)}; last frame:\n${frame()}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await tick();
      return frame();
    },
    unmount: () => instance.unmount(),
  };
  await tui.waitFor('authd · Projects');
  return tui;
}

/** Moves the highlight (up or down) to the row containing `label` and opens it. */
/** Moves the highlight to the row containing `label`. */
export async function selectRow(tui: DrivenTui, label: string): Promise<void> {
  for (let step = 0; step < 40; step++) {
    const lines = tui.frame().split('\n');
    const selected = lines.findIndex((line) => line.startsWith('› '));
    const wanted = lines.findIndex((line) => /^[› ] /.test(line) && line.includes(label));
    if (selected !== -1 && selected === wanted) return;
    await tui.press(wanted !== -1 && wanted < selected ? keys.up : keys.down);
  }
  expect(tui.frame()).toContain(`› ${label}`);
}

export async function openRow(tui: DrivenTui, label: string): Promise<void> {
  await selectRow(tui, label);
  await tui.press(keys.enter);
}
