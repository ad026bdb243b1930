// What a screen shows from core, read in an effect: core is async, and a component must not wait
// during render. The last answer stays on screen while a newer one loads (no flicker on every
// key of a search); a failed read is reported on the message line like a failed change.
import { useCallback, useEffect, useState } from 'react';
import { describeCliFailure } from '../cli-support';
import { trackScreenRead, useNavigation } from './navigation';

/** `load()`'s answer, read again whenever a value in `deps` changes; undefined until the first one. */
export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const { say } = useNavigation();
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let current = true;
    trackScreenRead(load()).then(
      (loaded) => current && setValue(() => loaded),
      (error: unknown) => current && say(describeCliFailure(error), 'error'),
    );
    return () => {
      current = false;
    };
    // The caller names what the read depends on.
  }, deps);
  return value;
}

/**
 * useLoaded, with `reload` to read again after the screen changed what it shows (a key revoked,
 * a switch flipped). `reload` keeps its identity, so it can be an effect's dependency.
 */
export function useReloadable<T>(load: () => Promise<T>, deps: readonly unknown[]): [T | undefined, () => void] {
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return [useLoaded(load, [...deps, version]), reload];
}
