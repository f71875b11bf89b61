import { useEffect, useState } from 'react';

/**
 * Countdowns are server-authoritative: the server sends a trade's `expiresAt` and its own
 * clock (`serverTime`); the browser measures how far its clock is off and counts down on the
 * server's time, so a wrong device clock cannot shorten or stretch a countdown.
 */

/** serverTime - Date.now() at the moment the answer was received. */
export function clockOffset(serverTime: number, receivedAt: number): number {
  return serverTime - receivedAt;
}

/** The server's time now, from the local clock and the measured offset. */
export function serverNow(offset: number, localNow: number = Date.now()): number {
  return localNow + offset;
}

/** Milliseconds left until `expiresAt` on the server's clock, never below 0. */
export function remainingMs(
  expiresAt: string | number,
  offset: number,
  localNow: number = Date.now(),
): number {
  const end = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, end - serverNow(offset, localNow));
}

/**
 * Whole seconds shown for a remaining time: 19.2 s shows 20, 0.4 s shows 1, 0 shows 0. The
 * server ends a trade at the end of a whole second, up to 999 ms after its duration, so the
 * display is capped at the duration: a 20 s trade never shows 21.
 */
export function secondsLeft(ms: number, durationSeconds = Number.POSITIVE_INFINITY): number {
  return Math.min(Math.max(0, Math.ceil(ms / 1000)), durationSeconds);
}

/** "0:20", "1:05", "1:00:00" */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

// The last offset measured (on a trade placement), used where an answer carries no clock.
let lastOffset = 0;

export function rememberClockOffset(offset: number): void {
  if (Number.isFinite(offset)) lastOffset = offset;
}

export function knownClockOffset(): number {
  return lastOffset;
}

/** Date.now(), refreshed every `intervalMs` while `active`. */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
