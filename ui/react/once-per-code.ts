// Runs a code-consuming call (verify, magic-link sign-in, reset check) once per code and page
// load, so a re-mount (React StrictMode, a back-and-forth in history) never spends a code twice.
import { useEffect, useState } from 'react';

const startedCalls = new Map<string, Promise<unknown>>();

export type CallState<T> = { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

export function useCallOncePerCode<T>(key: string | null, call: () => Promise<T>): CallState<T> {
  const [state, setState] = useState<CallState<T>>({ status: 'pending' });
  useEffect(() => {
    if (key === null) return;
    let active = true;
    let running = startedCalls.get(key) as Promise<T> | undefined;
    if (!running) {
      running = call();
      startedCalls.set(key, running);
    }
    running.then(
      (value) => active && setState({ status: 'done', value }),
      (error: unknown) => active && setState({ status: 'failed', error }),
    );
    return () => {
      active = false;
    };
    // The call is fixed by its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
