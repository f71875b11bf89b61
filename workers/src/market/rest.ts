import type { Candle, CandleInterval } from '@app/shared';
import type { Logger } from '../logger.ts';
import {
  type PartialDepthPayload,
  parseKlines,
  parseRestDepth,
  parseRestTickers,
  type RestTicker,
} from './binance-format.ts';

/**
 * Binance counts request weight per IP and minute and answers 429 past the limit (418, an IP
 * ban, for clients that keep going). We keep our own count, take Binance's
 * X-MBX-USED-WEIGHT-1M header as the truth when it is higher (other clients on the same IP
 * spend from the same budget), and stop calling until Retry-After has passed.
 */
export class WeightBudget {
  private window = -1;
  private used = 0;
  private pausedUntil = 0;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  private roll() {
    const w = Math.floor(this.now() / 60_000);
    if (w !== this.window) {
      this.window = w;
      this.used = 0;
    }
  }

  /** Spend `weight` if it fits in `share` (0..1) of the minute's budget and no back-off is running. */
  tryTake(weight: number, share = 1): boolean {
    this.roll();
    if (this.now() < this.pausedUntil) return false;
    if (this.used + weight > this.perMinute * share) return false;
    this.used += weight;
    return true;
  }

  /** Binance's own count for this minute. */
  observe(usedWeight: number) {
    this.roll();
    if (Number.isFinite(usedWeight) && usedWeight > this.used) this.used = usedWeight;
  }

  pause(ms: number) {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  usedThisMinute(): number {
    this.roll();
    return this.used;
  }

  /** Milliseconds until a request could be attempted again (back-off end or next minute). */
  waitMs(): number {
    const now = this.now();
    if (now < this.pausedUntil) return this.pausedUntil - now;
    return 60_000 - (now % 60_000);
  }
}

/** The budget (or a back-off) does not allow this request now; nothing was sent. */
export class BudgetExceededError extends Error {
  override name = 'BudgetExceededError';
}

export class RestHttpError extends Error {
  override name = 'RestHttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Request weights from Binance's REST documentation (spot, /api/v3). */
export const WEIGHTS = {
  ping: 1,
  klines: 2,
  depth: (limit: number) => (limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250),
  ticker24h: (symbols: number) => (symbols <= 20 ? 2 : symbols <= 100 ? 40 : 80),
} as const;

export type RestOptions = { baseUrl: string; timeoutMs: number; budget: WeightBudget; logger: Logger };

export class BinanceRest {
  /** Requests sent, by path, for logs and tests. */
  readonly sent = new Map<string, number>();

  constructor(private readonly opts: RestOptions) {}

  get budget() {
    return this.opts.budget;
  }

  async ping(timeoutMs?: number): Promise<void> {
    await this.get('/api/v3/ping', {}, WEIGHTS.ping, 1, timeoutMs);
  }

  async ticker24h(marketSymbols: string[], share = 1): Promise<RestTicker[]> {
    const json = await this.get(
      '/api/v3/ticker/24hr',
      { symbols: JSON.stringify(marketSymbols) },
      WEIGHTS.ticker24h(marketSymbols.length),
      share,
    );
    return parseRestTickers(json);
  }

  async depth(marketSymbol: string, limit = 20, share = 1): Promise<PartialDepthPayload> {
    const json = await this.get(
      '/api/v3/depth',
      { symbol: marketSymbol, limit: String(limit) },
      WEIGHTS.depth(limit),
      share,
    );
    return parseRestDepth(json);
  }

  async klines(marketSymbol: string, interval: CandleInterval, limit: number, share = 1): Promise<Candle[]> {
    const json = await this.get(
      '/api/v3/klines',
      { symbol: marketSymbol, interval, limit: String(limit) },
      WEIGHTS.klines,
      share,
    );
    return parseKlines(json);
  }

  private async get(
    path: string,
    query: Record<string, string>,
    weight: number,
    share: number,
    timeoutMs = this.opts.timeoutMs,
  ) {
    const { budget, logger } = this.opts;
    if (!budget.tryTake(weight, share)) throw new BudgetExceededError(`weight budget: ${path} must wait`);
    const url = new URL(path, this.opts.baseUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    this.sent.set(path, (this.sent.get(path) ?? 0) + 1);
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const used = res.headers.get('x-mbx-used-weight-1m');
    if (used !== null) budget.observe(Number(used));
    if (res.status === 429 || res.status === 418) {
      const retryAfter = Number(res.headers.get('retry-after'));
      // Without the header: a minute for 429, the shortest ban (2 min) for 418.
      const waitMs =
        Number.isFinite(retryAfter) && retryAfter > 0
          ? retryAfter * 1000
          : res.status === 418
            ? 120_000
            : 60_000;
      budget.pause(waitMs);
      logger.warn({ status: res.status, path, waitMs }, 'Binance REST rate limit: backing off');
      await res.body?.cancel();
      throw new RestHttpError(res.status, `Binance answered ${res.status} to ${path}`);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new RestHttpError(res.status, `Binance answered ${res.status} to ${path}: ${text.slice(0, 200)}`);
    }
    return (await res.json()) as unknown;
  }
}
