import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type UrlPatch = Record<string, string | number | null>;

/**
 * A list's state kept in the URL (filters, search, page), so it can be linked to and Back
 * returns to it. `update` sets the given keys, drops those set to null or '', and replaces
 * the history entry rather than adding one.
 */
export function useUrlState(): [URLSearchParams, (patch: UrlPatch) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: UrlPatch) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [params, update];
}

/** A whole number of at least 1 read from the URL, else `fallback`. */
export function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}
