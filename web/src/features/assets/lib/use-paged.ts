import type { Pagination } from '@app/shared';
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../../../lib/api.ts';

export type Paged<T> = { items: T[]; pagination: Pagination };

export type PagedState<T> = {
  data: Paged<T> | null;
  error: unknown;
  loading: boolean;
};

/**
 * One page of a list: loads when `deps` change (the older request is cancelled) and on
 * `reload`; `update` applies a live change to what is on screen. The previous page stays
 * visible while the next one loads.
 */
export function usePaged<T>(load: (signal: AbortSignal) => Promise<Paged<T>>, deps: DependencyList) {
  const [state, setState] = useState<PagedState<T>>({ data: null, error: null, loading: true });
  const [tick, setTick] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    latest
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState({ data: null, error, loading: false });
      });
    return () => controller.abort();
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const update = useCallback((fn: (items: T[]) => T[]) => {
    setState((s) => (s.data ? { ...s, data: { ...s.data, items: fn(s.data.items) } } : s));
  }, []);
  return { ...state, reload, update };
}
