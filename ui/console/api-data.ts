// Loading one API answer for a page, with the three states every page shows (loading, failed
// with a retry, ready) and a reload after the page changed something.
import { useCallback, useEffect, useState } from 'react';

/** The shape of the API's list answers. */
export interface List<T> {
  items: T[];
}

export type ApiData<T> =
  | { state: 'loading'; reload(): void }
  | { state: 'failed'; error: unknown; reload(): void }
  | { state: 'ready'; data: T; reload(): void };

export function useApiData<T>(load: () => Promise<T>, dependencies: readonly unknown[]): ApiData<T> {
  const [generation, setGeneration] = useState(0);
  const [answer, setAnswer] = useState<{ state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; data: T }>({
    state: 'loading',
  });
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  useEffect(() => {
    let current = true;
    // A reload keeps what is shown until the new answer comes; a new target shows the loader.
    load().then(
      (data) => current && setAnswer({ state: 'ready', data }),
      (error: unknown) => current && setAnswer({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function at each render; what it reads is in `dependencies`.
  }, [...dependencies, generation]);
  useEffect(() => setAnswer({ state: 'loading' }), dependencies);
  return { ...answer, reload } as ApiData<T>;
}
