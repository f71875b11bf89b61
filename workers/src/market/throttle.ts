/**
 * At most one emit per `intervalMs` per key, leading and trailing: the first value goes out
 * at once, values arriving inside the window replace each other, and the latest one goes
 * out when the window ends. A client never sees a stale value last.
 */
export class KeyedThrottle<T> {
  private readonly state = new Map<
    string,
    { lastAt: number; pending: T | undefined; timer?: NodeJS.Timeout }
  >();

  constructor(
    private readonly intervalMs: number,
    private readonly emit: (key: string, value: T) => void,
  ) {}

  push(key: string, value: T) {
    const now = Date.now();
    let s = this.state.get(key);
    if (!s) {
      s = { lastAt: Number.NEGATIVE_INFINITY, pending: undefined };
      this.state.set(key, s);
    }
    if (!s.timer && now - s.lastAt >= this.intervalMs) {
      s.lastAt = now;
      this.emit(key, value);
      return;
    }
    s.pending = value;
    if (!s.timer) {
      const entry = s;
      entry.timer = setTimeout(() => this.fire(key, entry), entry.lastAt + this.intervalMs - now);
    }
  }

  private fire(key: string, s: { lastAt: number; pending: T | undefined; timer?: NodeJS.Timeout }) {
    s.timer = undefined;
    if (s.pending === undefined) return;
    const value = s.pending;
    s.pending = undefined;
    s.lastAt = Date.now();
    this.emit(key, value);
  }

  /** Drop pending values and timers (on stop or lost leadership). */
  clear() {
    for (const s of this.state.values()) clearTimeout(s.timer);
    this.state.clear();
  }
}
