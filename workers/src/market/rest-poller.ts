import { CANDLE_INTERVAL_SECONDS, CANDLE_INTERVALS } from '@app/shared';
import type { Logger } from '../logger.ts';
import { bookFromDepth, statsFromRestTicker, tickFromRestTicker } from './binance-format.ts';
import { type BinanceRest, BudgetExceededError, RestHttpError } from './rest.ts';
import type { FeedCoin, FeedSink } from './types.ts';

/** Binance charges 2 for up to 20 symbols in one ticker request, 40 above. */
const TICKER_CHUNK = 20;

export type RestPollerOptions = {
  rest: BinanceRest;
  coins: () => FeedCoin[];
  pollMs: number;
  /** Each coin's book is read about this often (depth costs 5 per symbol). */
  depthEveryMs: number;
  sink: FeedSink;
  logger: Logger;
  /** After each round: did any price come back? (undefined: nothing was tried, budget spent) */
  onRound: (ok: boolean | undefined) => void;
};

/**
 * The REST fallback while the stream is down: prices and 24 h stats for every coin each round
 * (one ticker request per 20 coins), books round-robin, all within the weight budget.
 */
export class RestPoller {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private depthCursor = 0;
  private lastErrorLog = 0;
  /** Symbols Binance called invalid (one bad symbol fails a whole ticker request). */
  private readonly invalid = new Set<string>();

  constructor(private readonly opts: RestPollerOptions) {}

  get isRunning() {
    return this.running;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.opts.logger.info('polling Binance REST while the stream is down');
    void this.loop();
  }

  stop() {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    this.opts.logger.info('stopped polling Binance REST');
  }

  private async loop() {
    if (!this.running) return;
    const started = Date.now();
    let ok: boolean | undefined;
    try {
      ok = await this.round();
    } catch (err) {
      this.logError(err);
      ok = false;
    }
    if (!this.running) return;
    this.opts.onRound(ok);
    this.timer = setTimeout(() => void this.loop(), Math.max(0, this.opts.pollMs - (Date.now() - started)));
  }

  private logError(err: unknown) {
    const now = Date.now();
    if (now - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now;
    this.opts.logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'Binance REST poll failed',
    );
  }

  private async round(): Promise<boolean | undefined> {
    const coins = this.opts.coins().filter((c) => !this.invalid.has(c.marketSymbol));
    if (coins.length === 0) return undefined;
    const byMarket = new Map(coins.map((c) => [c.marketSymbol, c]));
    let gotPrice = false;
    let tried = false;
    for (let i = 0; i < coins.length; i += TICKER_CHUNK) {
      const chunk = coins.slice(i, i + TICKER_CHUNK);
      try {
        const tickers = await this.opts.rest.ticker24h(chunk.map((c) => c.marketSymbol));
        tried = true;
        if (!this.running) return undefined;
        const now = Date.now();
        for (const t of tickers) {
          const coin = byMarket.get(t.symbol);
          if (!coin) continue;
          this.opts.sink.stats(statsFromRestTicker(coin, t));
          this.opts.sink.trade(tickFromRestTicker(coin, t, now));
          gotPrice = true;
        }
      } catch (err) {
        if (err instanceof BudgetExceededError) continue;
        tried = true;
        if (isInvalidSymbol(err)) await this.findInvalid(chunk);
        else this.logError(err);
      }
    }
    // Books: enough coins per round that each is read about every depthEveryMs.
    const perRound = Math.max(1, Math.ceil((coins.length * this.opts.pollMs) / this.opts.depthEveryMs));
    for (let n = 0; n < Math.min(perRound, coins.length); n++) {
      const coin = coins[this.depthCursor++ % coins.length];
      if (!coin) continue;
      try {
        const depth = await this.opts.rest.depth(coin.marketSymbol, 20, 0.9);
        if (!this.running) return undefined;
        this.opts.sink.book(bookFromDepth(coin, depth, Date.now()));
      } catch (err) {
        if (err instanceof BudgetExceededError) break;
        this.logError(err);
      }
    }
    return tried ? gotPrice : undefined;
  }

  /** Ask for each symbol of a refused chunk alone, and leave out the ones Binance does not know. */
  private async findInvalid(chunk: FeedCoin[]) {
    for (const coin of chunk) {
      try {
        await this.opts.rest.ticker24h([coin.marketSymbol]);
      } catch (err) {
        if (!isInvalidSymbol(err)) continue;
        this.invalid.add(coin.marketSymbol);
        this.opts.logger.warn(
          { symbol: coin.symbol, marketSymbol: coin.marketSymbol },
          'Binance does not know this market symbol: no REST prices for the coin',
        );
      }
    }
  }
}

/** 400 (Binance code -1121 "Invalid symbol"): the request can never succeed as it is. */
export function isInvalidSymbol(err: unknown): boolean {
  return err instanceof RestHttpError && err.status === 400;
}

export type KlineSyncOptions = {
  rest: BinanceRest;
  coins: () => FeedCoin[];
  sink: FeedSink;
  logger: Logger;
  refreshMs: number;
};

/**
 * Candles from Binance klines: 500 per coin and interval at start (or when a coin is added),
 * then the last few on every refresh. Uses at most 60% of the weight budget, so the REST
 * fallback keeps its share, and waits for the next minute when that is spent.
 */
export class KlineSync {
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private readonly loaded = new Set<string>();

  constructor(private readonly opts: KlineSyncOptions) {}

  start() {
    void this.run();
  }

  /** New coins get their full history on the next pass, which starts now. */
  refreshNow() {
    clearTimeout(this.timer);
    this.wake?.();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wake?.();
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }

  private async run() {
    while (!this.stopped) {
      const complete = await this.pass();
      if (this.stopped) return;
      // A pass cut short by an error is tried again soon, not at the next refresh.
      await this.sleep(complete ? this.opts.refreshMs : Math.min(this.opts.refreshMs, 30_000));
    }
  }

  /** False when Binance failed to answer: the rest of the pass is left for the next one. */
  private async pass(): Promise<boolean> {
    for (const coin of this.opts.coins()) {
      for (const interval of CANDLE_INTERVALS) {
        const key = `${coin.marketSymbol}|${interval}`;
        const full = !this.loaded.has(key);
        const limit = full
          ? 500
          : Math.min(500, Math.ceil(this.opts.refreshMs / 1000 / CANDLE_INTERVAL_SECONDS[interval]) + 2);
        for (;;) {
          if (this.stopped) return true;
          try {
            const candles = await this.opts.rest.klines(coin.marketSymbol, interval, limit, 0.6);
            if (this.stopped) return true;
            this.opts.sink.candles(coin.symbol, interval, candles);
            this.loaded.add(key);
          } catch (err) {
            if (err instanceof BudgetExceededError) {
              await this.sleep(Math.min(this.opts.rest.budget.waitMs(), 60_000));
              continue;
            }
            if (isInvalidSymbol(err)) {
              this.loaded.add(key); // no klines for it now or later: do not ask every pass
              break;
            }
            this.opts.logger.warn(
              { err: err instanceof Error ? err.message : String(err), symbol: coin.symbol, interval },
              'klines not loaded',
            );
            return false;
          }
          break;
        }
      }
    }
    return true;
  }
}
