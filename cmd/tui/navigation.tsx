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

/** Screen reads started and not yet answered (use-loaded.ts). */
const screenReadsInFlight = new Set<Promise<unknown>>();

/** Registers a screen's read, so that a change's message can wait for the screen to show it. */
export function trackScreenRead<T>(read: Promise<T>): Promise<T> {
  screenReadsInFlight.add(read);
  const forget = () => void screenReadsInFlight.delete(read);
  read.then(forget, forget);
  return read;
}

/**
 * Resolves once the reads a change set off have answered: its state updates render a task
 * later, and the screen's effects read again from there. The message of a change then appears
 * with the data it changed, as when screens read during render.
 */
export async function screenReadsSettled(): Promise<void> {
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (screenReadsInFlight.size > 0) await Promise.allSettled([...screenReadsInFlight]);
    else if (round > 0) return;
  }
}

/**
 * Runs a change through core and reports it: the core's own error message (the same one the
 * CLI prints) on failure, `done` on success, once the screen shows the change. Returns whether
 * it worked.
 */
export function useAction() {
  const { say } = useNavigation();
  return async (work: () => unknown, done?: string): Promise<boolean> => {
    try {
      await work();
      if (done) {
        await screenReadsSettled();
        say(done, 'ok');
      }
      return true;
    } catch (error) {
      say(describeCliFailure(error), 'error');
      return false;
    }
  };
}
