import {
  type BookLevel,
  type Candle,
  decimalToE8,
  e8ToNumber,
  ORDER_BOOK_LEVELS,
  type OrderBook,
  type Stats24h,
} from '@app/shared';
import { z } from 'zod';
import type { FeedCoin, FeedTrade } from './types.ts';

/**
 * Binance's documented JSON formats (spot market data), read into our shared types.
 * Stream payloads: web-socket-streams.md (aggTrade, depth<levels>@100ms, 24hrTicker);
 * REST: /api/v3/ticker/24hr, /api/v3/depth, /api/v3/klines. Prices travel as decimal strings.
 */

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'not a decimal');
const signedDecimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'not a decimal');
const level = z.tuple([decimal, decimal]);

export const aggTradeSchema = z.object({
  e: z.literal('aggTrade'),
  E: z.number(),
  s: z.string(),
  a: z.number().int().nonnegative(),
  p: decimal,
  q: decimal,
  T: z.number().int().positive(),
});
export type AggTradePayload = z.infer<typeof aggTradeSchema>;

export const partialDepthSchema = z.object({
  lastUpdateId: z.number().int().nonnegative(),
  bids: z.array(level),
  asks: z.array(level),
});
export type PartialDepthPayload = z.infer<typeof partialDepthSchema>;

export const tickerSchema = z.object({
  e: z.literal('24hrTicker'),
  E: z.number().int().positive(),
  s: z.string(),
  p: signedDecimal,
  P: signedDecimal,
  c: decimal,
  o: decimal,
  h: decimal,
  l: decimal,
  v: decimal,
  q: decimal,
});
export type TickerPayload = z.infer<typeof tickerSchema>;

const combinedSchema = z.object({ stream: z.string().min(1), data: z.unknown() });

export const STREAM_KINDS = { trade: 'aggTrade', book: 'depth20@100ms', stats: 'ticker' } as const;

/** The combined-stream names for a list of coins: three per coin. */
export function streamNames(coins: readonly FeedCoin[]): string[] {
  return coins.flatMap((c) => {
    const s = c.marketSymbol.toLowerCase();
    return [`${s}@${STREAM_KINDS.trade}`, `${s}@${STREAM_KINDS.book}`, `${s}@${STREAM_KINDS.stats}`];
  });
}

export class MalformedFrameError extends Error {
  override name = 'MalformedFrameError';
}

export type ParsedFrame =
  | { kind: 'trade'; trade: FeedTrade }
  | { kind: 'book'; book: OrderBook }
  | { kind: 'stats'; stats: Stats24h }
  /** Binance is about to close the connection: open a new one now. */
  | { kind: 'shutdown' }
  /** A reply to a control message, or a stream we did not ask for. */
  | { kind: 'ignored' };

/**
 * One text frame of a combined stream, `{"stream":"btcusdt@aggTrade","data":{...}}`.
 * Throws MalformedFrameError for anything that is not what Binance documents.
 */
export function parseStreamFrame(
  text: string,
  coinOf: (marketSymbolLower: string) => FeedCoin | undefined,
  receivedAt: number,
): ParsedFrame {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MalformedFrameError('not JSON');
  }
  if (isShutdown(json)) return { kind: 'shutdown' };
  if (isObject(json) && 'id' in json && ('result' in json || 'error' in json || 'code' in json)) {
    return { kind: 'ignored' };
  }
  const frame = combinedSchema.safeParse(json);
  if (!frame.success) throw new MalformedFrameError('not a combined-stream frame');
  if (isShutdown(frame.data.data)) return { kind: 'shutdown' };
  const at = frame.data.stream.indexOf('@');
  if (at <= 0) throw new MalformedFrameError(`bad stream name ${frame.data.stream}`);
  const coin = coinOf(frame.data.stream.slice(0, at));
  if (!coin) return { kind: 'ignored' };
  const kind = frame.data.stream.slice(at + 1);
  const data = frame.data.data;
  switch (kind) {
    case STREAM_KINDS.trade:
      return { kind: 'trade', trade: tradeFromAggTrade(coin, parse(aggTradeSchema, data), receivedAt) };
    case STREAM_KINDS.book:
      return { kind: 'book', book: bookFromDepth(coin, parse(partialDepthSchema, data), receivedAt) };
    case STREAM_KINDS.stats:
      return { kind: 'stats', stats: statsFromTicker(coin, parse(tickerSchema, data)) };
    default:
      return { kind: 'ignored' };
  }
}

function parse<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new MalformedFrameError(`${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isShutdown(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (v.e === 'serverShutdown') return true;
  return isObject(v.event) && v.event.e === 'serverShutdown';
}

function exactPrice(value: string): { priceE8: string; price: number } {
  try {
    const e8 = decimalToE8(value);
    return { priceE8: e8.toString(), price: e8ToNumber(e8) };
  } catch (err) {
    throw new MalformedFrameError(err instanceof Error ? err.message : String(err));
  }
}

export function tradeFromAggTrade(coin: FeedCoin, p: AggTradePayload, receivedAt: number): FeedTrade {
  const { priceE8, price } = exactPrice(p.p);
  if (price <= 0) throw new MalformedFrameError('price must be positive');
  return {
    tick: {
      symbol: coin.symbol,
      price,
      priceE8,
      aggTradeId: p.a,
      exchangeTs: p.T,
      receivedAt,
      source: 'binance',
    },
    quantity: Number(p.q),
  };
}

/** 15 asks ascending and 15 bids descending, as the contract stores them. */
export function bookFromDepth(coin: FeedCoin, d: PartialDepthPayload, ts: number): OrderBook {
  const levels = (rows: Array<[string, string]>) =>
    rows.map(([p, q]): BookLevel => [Number(p), Number(q)]).filter(([, q]) => q > 0);
  const asks = levels(d.asks).sort((a, b) => a[0] - b[0]);
  const bids = levels(d.bids).sort((a, b) => b[0] - a[0]);
  return {
    symbol: coin.symbol,
    asks: asks.slice(0, ORDER_BOOK_LEVELS),
    bids: bids.slice(0, ORDER_BOOK_LEVELS),
    lastUpdateId: d.lastUpdateId,
    ts,
  };
}

export function statsFromTicker(coin: FeedCoin, t: TickerPayload): Stats24h {
  return {
    symbol: coin.symbol,
    open: Number(t.o),
    high: Number(t.h),
    low: Number(t.l),
    last: Number(t.c),
    priceChange: Number(t.p),
    priceChangePercent: Number(t.P),
    volume: Number(t.v),
    quoteVolume: Number(t.q),
    ts: t.E,
  };
}

// ---------------------------------------------------------------------------------------------
// REST

export const restTickerSchema = z.object({
  symbol: z.string(),
  priceChange: signedDecimal,
  priceChangePercent: signedDecimal,
  lastPrice: decimal,
  openPrice: decimal,
  highPrice: decimal,
  lowPrice: decimal,
  volume: decimal,
  quoteVolume: decimal,
  closeTime: z.number().int().positive(),
});
export type RestTicker = z.infer<typeof restTickerSchema>;

/** `/api/v3/ticker/24hr?symbols=[...]` answers an array; `?symbol=` one object. */
export function parseRestTickers(json: unknown): RestTicker[] {
  return parse(z.union([z.array(restTickerSchema), restTickerSchema.transform((t) => [t])]), json);
}

export function tickFromRestTicker(coin: FeedCoin, t: RestTicker, receivedAt: number): FeedTrade {
  const { priceE8, price } = exactPrice(t.lastPrice);
  return {
    tick: {
      symbol: coin.symbol,
      price,
      priceE8,
      aggTradeId: null,
      exchangeTs: t.closeTime,
      receivedAt,
      source: 'binance-rest',
    },
    quantity: 0,
  };
}

export function statsFromRestTicker(coin: FeedCoin, t: RestTicker): Stats24h {
  return {
    symbol: coin.symbol,
    open: Number(t.openPrice),
    high: Number(t.highPrice),
    low: Number(t.lowPrice),
    last: Number(t.lastPrice),
    priceChange: Number(t.priceChange),
    priceChangePercent: Number(t.priceChangePercent),
    volume: Number(t.volume),
    quoteVolume: Number(t.quoteVolume),
    ts: t.closeTime,
  };
}

/** `/api/v3/depth` has the partial-depth shape. */
export function parseRestDepth(json: unknown): PartialDepthPayload {
  return parse(partialDepthSchema, json);
}

const klineSchema = z
  .tuple([z.number().int(), decimal, decimal, decimal, decimal, decimal, z.number().int()])
  .rest(z.unknown());

/** `/api/v3/klines`: [openTime, open, high, low, close, volume, closeTime, ...] → Candle (time in seconds). */
export function parseKlines(json: unknown): Candle[] {
  return parse(z.array(klineSchema), json).map((k) => ({
    time: Math.floor(k[0] / 1000),
    open: Number(k[1]),
    high: Number(k[2]),
    low: Number(k[3]),
    close: Number(k[4]),
    volume: Number(k[5]),
  }));
}
