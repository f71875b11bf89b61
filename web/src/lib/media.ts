import { BREAKPOINTS } from '@app/shared';
import { useSyncExternalStore } from 'react';

function query(media: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(media)
    : null;
}

export function useMediaQuery(media: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = query(media);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => query(media)?.matches ?? false,
    () => false,
  );
}

/** Below the main breakpoint the layout switches to the bottom nav and sheets. */
export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.main - 0.02}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}

/** Below the account breakpoint the user's lists (orders, records) lay out as cards. */
export const NARROW_QUERY = `(max-width: ${BREAKPOINTS.account - 0.02}px)`;

export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
