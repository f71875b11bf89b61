import type { MarketCoin, OrderBook, Stats24h, Tick } from '@app/shared';

let nextId = 1000;
const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

export function tick(symbol: string, price: number, overrides: Partial<Tick> = {}): Tick {
  const id = nextId++;
  const exchangeTs = overrides.exchangeTs ?? T0 + id * 100;
  return {
    symbol,
    price,
    priceE8: String(Math.round(price * 1e8)),
    aggTradeId: id,
    exchangeTs,
    receivedAt: exchangeTs + 5,
    source: 'binance',
    ...overrides,
  };
}

export function book(symbol: string, ts: number, mid = 100): OrderBook {
  return {
    symbol,
    asks: Array.from({ length: 15 }, (_, i) => [mid + 1 + i, 1 + i * 0.5] as [number, number]),
    bids: Array.from({ length: 15 }, (_, i) => [mid - 1 - i, 2 + i * 0.25] as [number, number]),
    lastUpdateId: ts,
    ts,
  };
}

export function stats(symbol: string, ts: number, percent = 2.5): Stats24h {
  return {
    symbol,
    open: 100,
    high: 110,
    low: 95,
    last: 102.5,
    priceChange: 2.5,
    priceChangePercent: percent,
    volume: 1234,
    quoteVolume: 126_000,
    ts,
  };
}

export function coin(symbol: string, name: string, price: number): MarketCoin {
  return {
    symbol,
    name,
    price,
    priceInr: price * 83.4,
    priceChangePercent: 1.25,
    volume: 5_000_000,
    icon: null,
    source: 'simulated',
  };
}
