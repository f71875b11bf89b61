/** A market event against the last one taken in its channel (room and event). */
export type SeqVerdict = 'next' | 'gap' | 'stale';

export interface SeqTracker {
  /**
   * `stale`: this channel already showed this event or a later one, drop it. `gap`: events
   * were skipped on the way (the gateway sends a slow socket only the newest of each channel),
   * take it. An event without a number (an older publisher) is taken.
   */
  check(room: string, event: string, seq: number | undefined): SeqVerdict;
  /** A snapshot of `room` came: whatever its channels send next is taken. */
  reset(room: string): void;
  /** Gaps seen so far, for the debug handle and tests. */
  gaps(): number;
}

/**
 * Sequence numbers of the market channels (assigned by the workers, one counter per room and
 * event; docs/adr/0020-market-conflation-and-sequence-numbers.md). Every market event carries
 * its whole value (a book is its 15 levels a side, not a change to them), so a gap costs
 * nothing but the skipped values: nothing is re-read, the newest event is simply shown.
 */
export function createSeqTracker(): SeqTracker {
  const last = new Map<string, number>();
  let gaps = 0;
  return {
    check(room, event, seq) {
      if (typeof seq !== 'number') return 'next';
      const key = `${room}\t${event}`;
      const prev = last.get(key);
      if (prev !== undefined && seq <= prev) return 'stale';
      last.set(key, seq);
      if (prev !== undefined && seq > prev + 1) {
        gaps++;
        return 'gap';
      }
      return 'next';
    },
    reset(room) {
      for (const key of last.keys()) if (key.startsWith(`${room}\t`)) last.delete(key);
    },
    gaps: () => gaps,
  };
}
