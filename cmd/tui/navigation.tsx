// The TUI's shared state: the screen stack (Escape pops it), whether a text field owns the
// keyboard (then q and Escape belong to the field), each screen's help line, and a one-line
// message for results and errors. Screens reach it through useNavigation().
import { createContext, useContext, useEffect, type ReactElement } from 'react';
import type { Context } from '../../server/core/storage/context';
import { describeCliFailure } from '../cli-support';

export interface ScreenEntry {
  title: string;
  element: ReactElement;
}

export interface Navigation {
  ctx: Context;
  push(screen: ScreenEntry): void;
  pop(): void;
  setEditing(editing: boolean): void;
  setHelp(help: string): void;
  /** Where each screen on the stack left its highlighted row, so Escape returns to it. */
  rememberedRows: Map<string, number>;
  /** The top screen's place in the stack, the key of its remembered row. */
  screenKey: string;
  /** A result or error line under the screen, until the next one. */
  say(message: string, tone?: 'ok' | 'error'): void;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation outside the TUI');
  return navigation;
}

/** The keys a screen offers, shown in the help line while it is on top. */
export function useHelp(help: string): void {
  const { setHelp } = useNavigation();
  useEffect(() => setHelp(help), [help, setHelp]);
}

/**
 * Runs a change through core and reports it: the core's own error message (the same one the
 * CLI prints) on failure, `done` on success. Returns whether it worked.
 */
export function useAction() {
  const { say } = useNavigation();
  return async (work: () => unknown, done?: string): Promise<boolean> => {
    try {
      await work();
      if (done) say(done, 'ok');
      return true;
    } catch (error) {
      say(describeCliFailure(error), 'error');
      return false;
    }
  };
}
