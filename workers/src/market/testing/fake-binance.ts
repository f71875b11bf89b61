import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * A local server speaking Binance's spot market-data protocol, for tests and offline
 * development: the combined WebSocket stream (`/stream?streams=a/b`, frames
 * `{"stream","data"}` with aggTrade, depth20@100ms and 24hrTicker payloads, pings like
 * Binance) and the REST endpoints /api/v3/{ping,ticker/24hr,depth,klines} with request
 * weights and the X-MBX-USED-WEIGHT-1M header (429 + Retry-After past the limit).
 */

export type FakeBinanceOptions = {
  /** Exchange symbols, e.g. ['BTCUSDT']. */
  symbols: string[];
  /** Start prices by symbol (default 100). */
  prices?: Record<string, number>;
  /** Generate trades, books and tickers by itself (true: every 100 ms, 100 ms, 1 s). */
  generate?: boolean | GenerateOptions;
  /** Request weight per minute before answering 429 (Binance: 6000). */
  weightLimit?: number;
  /** Ping every connection this often, as Binance does every 20 s (0: never). */
  pingEveryMs?: number;
  /** Listen on this port of 127.0.0.1 (default: a free one). */
  port?: number;
};

export type GenerateOptions = { tradeEveryMs?: number; depthEveryMs?: number; tickerEveryMs?: number };

export type TradeInput = { price?: number | string; quantity?: number | string; time?: number };
export type DepthInput = {
  bids?: Array<[string, string]>;
  asks?: Array<[string, string]>;
  lastUpdateId?: number;
};
export type RestRequest = { path: string; query: Record<string, string>; status: number; weight: number };

type SymbolState = {
  price: number;
  aggId: number;
  updateId: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  quoteVolume: number;
  trades: number;
};

type Conn = { ws: WebSocket; streams: Set<string> };

export type FakeBinance = Awaited<ReturnType<typeof startFakeBinance>>;

const fmt = (n: number) => n.toFixed(8);

export async function startFakeBinance(options: FakeBinanceOptions) {
  const state = new Map<string, SymbolState>();
  for (const s of options.symbols) {
    const symbol = s.toUpperCase();
    const price = options.prices?.[symbol] ?? 100;
    state.set(symbol, {
      price,
      aggId: 1_000,
      updateId: 5_000,
      open: price,
      high: price,
      low: price,
      volume: 0,
      quoteVolume: 0,
      trades: 0,
    });
  }
  const conns = new Set<Conn>();
  const sockets = new Set<Socket>();
  const requests: RestRequest[] = [];
  const timers: NodeJS.Timeout[] = [];
  let generators: NodeJS.Timeout[] = [];
  let down = false;
  let restDown = false;
  let forced: { retryAfter: number; status: 429 | 418 } | null = null;
  let weightWindow = -1;
  let weightUsed = 0;
  let accepted = 0;
  const weightLimit = options.weightLimit ?? 6_000;

  const must = (symbol: string): SymbolState => {
    const s = state.get(symbol.toUpperCase());
    if (!s) throw new Error(`fake Binance: unknown symbol ${symbol}`);
    return s;
  };

  function broadcast(stream: string, data: unknown) {
    const frame = JSON.stringify({ stream, data });
    for (const c of conns) if (c.streams.has(stream) && c.ws.readyState === WebSocket.OPEN) c.ws.send(frame);
  }

  function pushTrade(symbol: string, input: TradeInput = {}) {
    const s = must(symbol);
    const upper = symbol.toUpperCase();
    const price = input.price === undefined ? s.price : Number(input.price);
    const quantity = input.quantity === undefined ? 0.01 + Math.random() : Number(input.quantity);
    const now = Date.now();
    s.price = price;
    s.aggId++;
    s.high = Math.max(s.high, price);
    s.low = Math.min(s.low, price);
    s.volume += quantity;
    s.quoteVolume += quantity * price;
    s.trades++;
    const payload = {
      e: 'aggTrade',
      E: now,
      s: upper,
      a: s.aggId,
      p: typeof input.price === 'string' ? input.price : fmt(price),
      q: typeof input.quantity === 'string' ? input.quantity : fmt(quantity),
      f: s.aggId * 3,
      l: s.aggId * 3 + 2,
      T: input.time ?? now,
      m: Math.random() < 0.5,
      M: true,
    };
    broadcast(`${upper.toLowerCase()}@aggTrade`, payload);
    return payload;
  }

  function depthSnapshot(symbol: string, levels = 20, input: DepthInput = {}) {
    const s = must(symbol);
    s.updateId += 1 + Math.floor(Math.random() * 5);
    const step = s.price * 0.0001;
    const side = (dir: number) =>
      Array.from({ length: levels }, (_, i): [string, string] => [
        fmt(s.price + dir * step * (i + 1)),
        fmt(0.1 + Math.random() * 3),
      ]);
    return {
      lastUpdateId: input.lastUpdateId ?? s.updateId,
      bids: input.bids ?? side(-1),
      asks: input.asks ?? side(1),
    };
  }

  function pushDepth(symbol: string, input: DepthInput = {}) {
    const payload = depthSnapshot(symbol, 20, input);
    broadcast(`${symbol.toLowerCase()}@depth20@100ms`, payload);
    return payload;
  }

  function tickerPayload(symbol: string, overrides: Record<string, unknown> = {}) {
    const s = must(symbol);
    const now = Date.now();
    const change = s.price - s.open;
    return {
      e: '24hrTicker',
      E: now,
      s: symbol.toUpperCase(),
      p: change.toFixed(8),
      P: ((change / s.open) * 100).toFixed(3),
      w: fmt(s.volume ? s.quoteVolume / s.volume : s.price),
      x: fmt(s.open),
      c: fmt(s.price),
      Q: '0.01000000',
      b: fmt(s.price * 0.9999),
      B: '1.00000000',
      a: fmt(s.price * 1.0001),
      A: '1.00000000',
      o: fmt(s.open),
      h: fmt(s.high),
      l: fmt(s.low),
      v: fmt(s.volume),
      q: fmt(s.quoteVolume),
      O: now - 86_400_000,
      C: now,
      F: 1,
      L: s.aggId,
      n: s.trades,
      ...overrides,
    };
  }

  function pushTicker(symbol: string, overrides: Record<string, unknown> = {}) {
    const payload = tickerPayload(symbol, overrides);
    broadcast(`${symbol.toLowerCase()}@ticker`, payload);
    return payload;
  }

  // --- REST --------------------------------------------------------------------------------

  function restTicker(symbol: string) {
    const t = tickerPayload(symbol);
    return {
      symbol: t.s,
      priceChange: t.p,
      priceChangePercent: t.P,
      weightedAvgPrice: t.w,
      prevClosePrice: t.x,
      lastPrice: t.c,
      lastQty: t.Q,
      bidPrice: t.b,
      bidQty: t.B,
      askPrice: t.a,
      askQty: t.A,
      openPrice: t.o,
      highPrice: t.h,
      lowPrice: t.l,
      volume: t.v,
      quoteVolume: t.q,
      openTime: t.O,
      closeTime: t.C,
      firstId: t.F,
      lastId: t.L,
      count: t.n,
    };
  }

  const INTERVAL_MS: Record<string, number> = {
    '1m': 60_000,
    '5m': 300_000,
    '15m': 900_000,
    '30m': 1_800_000,
    '1h': 3_600_000,
    '4h': 14_400_000,
    '1d': 86_400_000,
  };

  function klines(symbol: string, interval: string, limit: number) {
    const s = must(symbol);
    const size = INTERVAL_MS[interval];
    if (!size) return undefined;
    const current = Math.floor(Date.now() / size) * size;
    return Array.from({ length: limit }, (_, i) => {
      const open = current - (limit - 1 - i) * size;
      const p = s.price * (1 + Math.sin(open / size) * 0.01);
      return [
        open,
        fmt(p),
        fmt(p * 1.002),
        fmt(p * 0.998),
        fmt(i === limit - 1 ? s.price : p * 1.001),
        fmt(10 + (i % 7)),
        open + size - 1,
        fmt((10 + (i % 7)) * p),
        100,
        '5.00000000',
        fmt(5 * p),
        '0',
      ];
    });
  }

  function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  }

  function handleRest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    const log = (status: number, weight: number) => requests.push({ path, query, status, weight });
    if (restDown) {
      log(503, 0);
      return reply(res, 503, { code: -1001, msg: 'Internal error; unable to process your request.' });
    }
    const invalid = () => {
      log(400, 0);
      reply(res, 400, { code: -1121, msg: 'Invalid symbol.' });
    };
    let weight: number;
    let body: () => unknown;
    if (path === '/api/v3/ping') {
      weight = 1;
      body = () => ({});
    } else if (path === '/api/v3/ticker/24hr') {
      const list = query.symbols
        ? (JSON.parse(query.symbols) as string[])
        : query.symbol
          ? [query.symbol]
          : [];
      if (list.length === 0 || list.some((s) => !state.has(s))) return invalid();
      weight = list.length <= 20 ? 2 : list.length <= 100 ? 40 : 80;
      body = () => (query.symbols ? list.map(restTicker) : restTicker(list[0]!));
    } else if (path === '/api/v3/depth') {
      const symbol = query.symbol ?? '';
      if (!state.has(symbol)) return invalid();
      const limit = Number(query.limit ?? 100);
      weight = limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250;
      body = () => depthSnapshot(symbol, Math.min(limit, 100));
    } else if (path === '/api/v3/klines') {
      const symbol = query.symbol ?? '';
      if (!state.has(symbol)) return invalid();
      const rows = klines(symbol, query.interval ?? '', Math.min(Number(query.limit ?? 500), 1000));
      if (!rows) {
        log(400, 0);
        return reply(res, 400, { code: -1120, msg: 'Invalid interval.' });
      }
      weight = 2;
      body = () => rows;
    } else {
      log(404, 0);
      return reply(res, 404, { code: -1, msg: 'not found' });
    }
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== weightWindow) {
      weightWindow = minute;
      weightUsed = 0;
    }
    const retryIn = String(Math.ceil((60_000 - (Date.now() % 60_000)) / 1000));
    if (forced !== null || weightUsed + weight > weightLimit) {
      const status = forced?.status ?? 429;
      log(status, weight);
      return reply(
        res,
        status,
        {
          code: -1003,
          msg:
            status === 418 ? 'Way too much request weight used; IP banned.' : 'Too much request weight used.',
        },
        { 'retry-after': String(forced?.retryAfter ?? retryIn), 'x-mbx-used-weight-1m': String(weightUsed) },
      );
    }
    weightUsed += weight;
    log(200, weight);
    reply(res, 200, body(), { 'x-mbx-used-weight-1m': String(weightUsed) });
  }

  // --- WebSocket ---------------------------------------------------------------------------

  const server = createServer(handleRest);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (down || url.pathname !== '/stream') {
      socket.end(down ? 'HTTP/1.1 503 Service Unavailable\r\n\r\n' : 'HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    const streams = new Set((url.searchParams.get('streams') ?? '').split('/').filter(Boolean));
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = { ws, streams };
      conns.add(conn);
      accepted++;
      ws.on('close', () => conns.delete(conn));
      ws.on('error', () => {});
    });
  });
  if (options.pingEveryMs) {
    timers.push(
      setInterval(() => {
        for (const c of conns) if (c.ws.readyState === WebSocket.OPEN) c.ws.ping();
      }, options.pingEveryMs),
    );
  }

  function startGenerating(gen: GenerateOptions = {}) {
    stopGenerating();
    generators = [
      setInterval(() => {
        for (const [symbol, s] of state) {
          pushTrade(symbol, { price: Number((s.price * (1 + (Math.random() - 0.5) * 0.001)).toFixed(8)) });
        }
      }, gen.tradeEveryMs ?? 100),
      setInterval(() => {
        for (const symbol of state.keys()) pushDepth(symbol);
      }, gen.depthEveryMs ?? 100),
      setInterval(() => {
        for (const symbol of state.keys()) pushTicker(symbol);
      }, gen.tickerEveryMs ?? 1_000),
    ];
  }

  function stopGenerating() {
    for (const t of generators) clearInterval(t);
    generators = [];
  }

  if (options.generate) startGenerating(options.generate === true ? {} : options.generate);

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    wsUrl: `ws://127.0.0.1:${port}`,
    restUrl: `http://127.0.0.1:${port}`,
    pushTrade,
    pushDepth,
    pushTicker,
    startGenerating,
    stopGenerating,
    /** Send a text frame as it is to every stream connection. */
    sendRaw(frame: string | Buffer) {
      for (const c of conns) if (c.ws.readyState === WebSocket.OPEN) c.ws.send(frame);
    },
    /** Cut every stream connection without a close frame, as a network failure does. */
    dropConnections() {
      for (const c of conns) c.ws.terminate();
    },
    /** Down: stream connections are refused (503) and the open ones cut. REST keeps answering. */
    setDown(value: boolean) {
      down = value;
      if (value) for (const c of conns) c.ws.terminate();
    },
    /** REST answers 503 while down. */
    setRestDown(value: boolean) {
      restDown = value;
    },
    /** Every REST call answers 429 (or 418, a ban) with this Retry-After (seconds) until set back to null. */
    setRateLimited(retryAfterSeconds: number | null, status: 429 | 418 = 429) {
      forced = retryAfterSeconds === null ? null : { retryAfter: retryAfterSeconds, status };
    },
    /** Ping every open connection; resolves with how many answered with a pong within `timeoutMs`. */
    ping(timeoutMs = 2_000): Promise<number> {
      const open = [...conns].filter((c) => c.ws.readyState === WebSocket.OPEN);
      return Promise.all(
        open.map(
          (c) =>
            new Promise<number>((resolve) => {
              const timer = setTimeout(() => resolve(0), timeoutMs);
              c.ws.once('pong', () => {
                clearTimeout(timer);
                resolve(1);
              });
              c.ws.ping('fake-binance');
            }),
        ),
      ).then((r) => r.reduce((a, b) => a + b, 0));
    },
    /** Open stream connections and their streams. */
    connections: () => [...conns].map((c) => [...c.streams]),
    /** Stream connections accepted since start. */
    accepted: () => accepted,
    requests,
    usedWeight: () => weightUsed,
    price: (symbol: string) => must(symbol).price,
    async close() {
      stopGenerating();
      for (const t of timers) clearInterval(t);
      for (const c of conns) c.ws.terminate();
      wss.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
