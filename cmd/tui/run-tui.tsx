// Starts the Ink app on the real terminal and resolves when the user quits.
import { render } from 'ink';
import type { Context } from '../../server/core/storage/context';
import { TuiApp } from './tui-app';

export async function runTui(ctx: Context): Promise<void> {
  const app = render(<TuiApp ctx={ctx} />, { exitOnCtrlC: true });
  await app.waitUntilExit();
}
