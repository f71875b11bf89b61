import { useEffect, useRef, useState } from 'react';

/** How long a screen reader is left alone after an announcement. */
export const ANNOUNCE_INTERVAL_MS = 5000;

/**
 * `text`, changed at most once every `intervalMs`: a change after a quiet spell shows at once,
 * changes within the interval are held and only the latest shows when it ends.
 */
export function useThrottledText(text: string | null, intervalMs: number = ANNOUNCE_INTERVAL_MS) {
  const [shown, setShown] = useState(text);
  const lastShownAt = useRef<number | null>(null);

  useEffect(() => {
    if (text === shown) return;
    const wait =
      lastShownAt.current === null ? 0 : Math.max(0, lastShownAt.current + intervalMs - Date.now());
    const show = () => {
      lastShownAt.current = Date.now();
      setShown(text);
    };
    if (wait === 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [text, shown, intervalMs]);

  return shown;
}

/**
 * A polite live region, visually hidden, for values that change many times a second (a live
 * price, a countdown): screen readers hear the latest value at most once every `intervalMs`
 * instead of every tick, and never have what they are reading interrupted.
 */
export function LiveAnnouncer({
  text,
  intervalMs = ANNOUNCE_INTERVAL_MS,
  testId = 'live-announcer',
}: {
  text: string | null;
  intervalMs?: number;
  testId?: string;
}) {
  const shown = useThrottledText(text, intervalMs);
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {shown ?? ''}
    </p>
  );
}
