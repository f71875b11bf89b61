import { WebSocket } from 'ws';
import type { WorkersConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { MalformedFrameError, parseStreamFrame, streamNames } from './binance-format.ts';
import type { BinanceRest } from './rest.ts';
import { KlineSync, RestPoller } from './rest-poller.ts';
import { BinanceStream } from './stream.ts';
import type { Feed, FeedCoin, FeedSink } from './types.ts';

export type BinanceFeedOptions = {
  config: WorkersConfig;
  rest: BinanceRest;
  sink: FeedSink;
  logger: Logger;
};

/** Counters for logs, the health of the feed, and tests. */
export type FeedMetrics = { frames: number; malformed: number; connections: number };

/**
 * The `binance` feed: the combined stream while it is up; after MARKET_REST_FALLBACK_AFTER_MS
 * without it, the REST poller, until the stream is back. Candles come from klines.
 */
export class BinanceFeed implements Feed {
  private coins: FeedCoin[] = [];
  private byMarket = new Map<string, FeedCoin>();
  private readonly stream: BinanceStream;
  private readonly poller: RestPoller;
  private readonly klines: KlineSync;
  private fallbackTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lastMalformedLog = 0;
  readonly metrics: FeedMetrics = { frames: 0, malformed: 0, connections: 0 };

  constructor(private readonly opts: BinanceFeedOptions) {
    const { config, logger } = opts;
    this.stream = new BinanceStream({
      baseUrl: config.BINANCE_WS_URL,
      streams: () => streamNames(this.coins),
      connectTimeoutMs: config.MARKET_CONNECT_TIMEOUT_MS,
      renewAfterMs: config.MARKET_STREAM_RENEW_MS,
      idleTimeoutMs: config.MARKET_STREAM_IDLE_MS,
      reconnectBaseMs: config.MARKET_RECONNECT_BASE_MS,
      reconnectMaxMs: config.MARKET_RECONNECT_MAX_MS,
      logger,
      onMessage: (text) => this.onMessage(text),
      onBinary: () => this.malformed('binary frame', ''),
      onUp: () => this.onUp(),
      onDown: (reason) => this.onDown(reason),
    });
    this.poller = new RestPoller({
      rest: opts.rest,
      coins: () => this.coins,
      pollMs: config.MARKET_REST_POLL_MS,
      depthEveryMs: Math.max(config.MARKET_REST_POLL_MS, 10_000),
      sink: opts.sink,
      logger,
      onRound: (ok) => {
        if (ok === undefined || this.stream.isUp || this.stopped) return;
        if (ok) this.opts.sink.status('binance-rest', 'rest');
        else this.opts.sink.status('binance', 'down');
      },
    });
    this.klines = new KlineSync({
      rest: opts.rest,
      coins: () => this.coins,
      sink: opts.sink,
      logger,
      refreshMs: config.MARKET_KLINES_REFRESH_MS,
    });
  }

  start(coins: FeedCoin[]) {
    this.applyCoins(coins);
    this.stream.start();
    // Not up within the fallback delay: behave as if it went down.
    this.armFallback();
    this.klines.start();
  }

  setCoins(coins: FeedCoin[]) {
    const before = streamNames(this.coins).join('/');
    this.applyCoins(coins);
    // No coins left: keep the connection (its frames are ignored) rather than ask for no streams.
    if (coins.length === 0 || streamNames(coins).join('/') === before) return;
    this.stream.renew('coin list changed');
    this.klines.refreshNow();
  }

  private applyCoins(coins: FeedCoin[]) {
    this.coins = coins;
    this.byMarket = new Map(coins.map((c) => [c.marketSymbol.toLowerCase(), c]));
  }

  private armFallback() {
    clearTimeout(this.fallbackTimer);
    this.fallbackTimer = setTimeout(() => {
      if (!this.stream.isUp && !this.stopped) this.poller.start();
    }, this.opts.config.MARKET_REST_FALLBACK_AFTER_MS);
  }

  private onUp() {
    clearTimeout(this.fallbackTimer);
    this.poller.stop();
    this.metrics.connections = this.stream.opened;
    this.opts.sink.status('binance', 'live');
  }

  private onDown(reason: string) {
    if (this.stopped) return;
    this.opts.logger.warn({ reason }, 'Binance stream lost');
    this.opts.sink.status('binance', 'reconnecting');
    this.armFallback();
  }

  private onMessage(text: string) {
    this.metrics.frames++;
    let frame: ReturnType<typeof parseStreamFrame>;
    try {
      frame = parseStreamFrame(text, (s) => this.byMarket.get(s), Date.now());
    } catch (err) {
      this.malformed(err instanceof MalformedFrameError ? err.message : String(err), text);
      return;
    }
    switch (frame.kind) {
      case 'trade':
        return this.opts.sink.trade(frame.trade);
      case 'book':
        return this.opts.sink.book(frame.book);
      case 'stats':
        return this.opts.sink.stats(frame.stats);
      case 'shutdown':
        return this.stream.renew('Binance announced a server shutdown');
      case 'ignored':
        return;
      default: {
        const kind: never = frame;
        this.malformed(`unhandled frame ${String(kind)}`, text);
      }
    }
  }

  private malformed(why: string, text: string) {
    this.metrics.malformed++;
    const now = Date.now();
    // Logged at most every 5 s (a broken upstream would flood the log); the counter sees them all.
    if (now - this.lastMalformedLog < 5_000) return;
    this.lastMalformedLog = now;
    this.opts.logger.warn(
      { why, sample: text.slice(0, 200), malformed: this.metrics.malformed },
      'malformed Binance frame skipped',
    );
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.fallbackTimer);
    this.poller.stop();
    this.klines.stop();
    await this.stream.stop();
  }
}

/**
 * Can Binance be reached? The combined stream opening, or the REST ping answering, within
 * `timeoutMs` (a firewall may close one port and not the other). Both are tried at once.
 */
export async function probeBinance(
  wsUrl: string,
  streams: string[],
  rest: BinanceRest,
  timeoutMs: number,
): Promise<boolean> {
  const ws = new Promise<boolean>((resolve) => {
    const url = `${wsUrl.replace(/\/+$/, '')}/stream?streams=${streams.join('/')}`;
    const socket = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false });
    const timer = setTimeout(() => done(false), timeoutMs + 100);
    function done(ok: boolean) {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      resolve(ok);
    }
    socket.once('open', () => done(true));
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
  const ping = rest.ping(timeoutMs).then(
    () => true,
    () => false,
  );
  return new Promise<boolean>((resolve) => {
    let pending = 2;
    for (const attempt of [ws, ping]) {
      void attempt.then((ok) => {
        pending--;
        if (ok || pending === 0) resolve(ok);
      });
    }
  });
}
