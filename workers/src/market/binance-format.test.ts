import { describe, expect, it } from 'vitest';
import {
  MalformedFrameError,
  parseKlines,
  parseRestTickers,
  parseStreamFrame,
  streamNames,
  tickFromRestTicker,
} from './binance-format.ts';
import type { FeedCoin } from './types.ts';

const btc: FeedCoin = { symbol: 'BTC', name: 'Bitcoin', marketSymbol: 'BTCUSDT' };
const coinOf = (s: string) => (s === 'btcusdt' ? btc : undefined);
const frame = (stream: string, data: unknown) => JSON.stringify({ stream, data });

describe('Binance message formats', () => {
  it('names three streams per coin, lower-case', () => {
    expect(streamNames([btc])).toEqual(['btcusdt@aggTrade', 'btcusdt@depth20@100ms', 'btcusdt@ticker']);
  });

  it('reads an aggTrade into a tick with the exact price, trade id and trade time', () => {
    const parsed = parseStreamFrame(
      frame('btcusdt@aggTrade', {
        e: 'aggTrade',
        E: 1_672_515_782_136,
        s: 'BTCUSDT',
        a: 12_345,
        p: '64000.12000000',
        q: '0.50000000',
        f: 100,
        l: 105,
        T: 1_672_515_782_130,
        m: true,
        M: true,
      }),
      coinOf,
      1_672_515_782_200,
    );
    expect(parsed).toEqual({
      kind: 'trade',
      trade: {
        tick: {
          symbol: 'BTC',
          price: 64000.12,
          priceE8: '6400012000000',
          aggTradeId: 12_345,
          exchangeTs: 1_672_515_782_130,
          receivedAt: 1_672_515_782_200,
          source: 'binance',
        },
        quantity: 0.5,
      },
    });
  });

  it('keeps 15 asks ascending and 15 bids descending of a partial book', () => {
    const asks = Array.from(
      { length: 20 },
      (_, i) => [(101 + (19 - i)).toFixed(8), '1.0'] as [string, string],
    );
    const bids = Array.from({ length: 20 }, (_, i) => [(99 - i).toFixed(8), '2.0'] as [string, string]);
    const parsed = parseStreamFrame(
      frame('btcusdt@depth20@100ms', { lastUpdateId: 160, bids, asks }),
      coinOf,
      5,
    );
    if (parsed.kind !== 'book') throw new Error(`expected a book, got ${parsed.kind}`);
    expect(parsed.book.asks).toHaveLength(15);
    expect(parsed.book.bids).toHaveLength(15);
    expect(parsed.book.asks[0]).toEqual([101, 1]);
    expect(parsed.book.asks.map(([p]) => p)).toEqual(
      [...parsed.book.asks.map(([p]) => p)].sort((a, b) => a - b),
    );
    expect(parsed.book.bids[0]).toEqual([99, 2]);
    expect(parsed.book.bids.map(([p]) => p)).toEqual(
      [...parsed.book.bids.map(([p]) => p)].sort((a, b) => b - a),
    );
    expect(parsed.book).toMatchObject({ symbol: 'BTC', lastUpdateId: 160, ts: 5 });
  });

  it('reads 24 h statistics from the ticker stream', () => {
    const parsed = parseStreamFrame(
      frame('btcusdt@ticker', {
        e: '24hrTicker',
        E: 1_672_515_782_136,
        s: 'BTCUSDT',
        p: '-150.50000000',
        P: '-0.234',
        w: '64000.0',
        x: '64100.0',
        c: '63949.50000000',
        Q: '0.1',
        b: '63949.4',
        B: '1',
        a: '63949.6',
        A: '1',
        o: '64100.00000000',
        h: '64500.00000000',
        l: '63500.00000000',
        v: '12000.5',
        q: '768000000.25',
        O: 0,
        C: 86_400_000,
        F: 0,
        L: 18_150,
        n: 18_151,
      }),
      coinOf,
      0,
    );
    expect(parsed).toEqual({
      kind: 'stats',
      stats: {
        symbol: 'BTC',
        open: 64100,
        high: 64500,
        low: 63500,
        last: 63949.5,
        priceChange: -150.5,
        priceChangePercent: -0.234,
        volume: 12000.5,
        quoteVolume: 768000000.25,
        ts: 1_672_515_782_136,
      },
    });
  });

  it('recognises a server shutdown notice and control replies', () => {
    expect(parseStreamFrame('{"event":{"e":"serverShutdown","E":1770123456789}}', coinOf, 0)).toEqual({
      kind: 'shutdown',
    });
    expect(parseStreamFrame('{"result":null,"id":1}', coinOf, 0)).toEqual({ kind: 'ignored' });
    expect(parseStreamFrame(frame('ethusdt@aggTrade', {}), coinOf, 0)).toEqual({ kind: 'ignored' });
  });

  it('refuses frames that are not what Binance documents', () => {
    const bad = [
      '{not json',
      '[]',
      JSON.stringify({ data: {} }),
      frame('btcusdt@aggTrade', { e: 'aggTrade', E: 1, s: 'BTCUSDT', a: 1, p: '1e5', q: '1', T: 1 }),
      frame('btcusdt@aggTrade', { e: 'aggTrade', E: 1, s: 'BTCUSDT', a: 1, p: '0.000000001', q: '1', T: 1 }),
      frame('btcusdt@depth20@100ms', { lastUpdateId: 1, bids: [['x', '1']], asks: [] }),
      frame('btcusdt@ticker', { e: '24hrTicker', E: 1 }),
    ];
    for (const text of bad)
      expect(() => parseStreamFrame(text, coinOf, 0), text).toThrow(MalformedFrameError);
  });

  it('reads REST tickers (one or many) and klines', () => {
    const rest = {
      symbol: 'BTCUSDT',
      priceChange: '10.0',
      priceChangePercent: '0.5',
      lastPrice: '2010.25000000',
      openPrice: '2000.25',
      highPrice: '2020',
      lowPrice: '1990',
      volume: '10',
      quoteVolume: '20000',
      closeTime: 1_700_000_000_000,
    };
    const [one] = parseRestTickers(rest);
    expect(parseRestTickers([rest, rest])).toHaveLength(2);
    expect(tickFromRestTicker(btc, one!, 7).tick).toEqual({
      symbol: 'BTC',
      price: 2010.25,
      priceE8: '201025000000',
      aggTradeId: null,
      exchangeTs: 1_700_000_000_000,
      receivedAt: 7,
      source: 'binance-rest',
    });
    expect(
      parseKlines([
        [
          1_499_040_000_000,
          '0.0163',
          '0.8',
          '0.0157',
          '0.0158',
          '148976.1',
          1_499_644_799_999,
          '2434.1',
          308,
          '1756.8',
          '28.4',
          '0',
        ],
      ]),
    ).toEqual([
      { time: 1_499_040_000, open: 0.0163, high: 0.8, low: 0.0157, close: 0.0158, volume: 148976.1 },
    ]);
  });
});
