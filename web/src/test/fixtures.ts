import type { MarketCoin, OrderBook, Stats24h, Tick, Trade, TradeSetting } from '@app/shared';

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

let nextTrade = 1;

/** A trade as the API returns it: running BTC Up, Rs 100 for 20 s at 20 %, unless overridden. */
export function trade(overrides: Partial<Trade> = {}): Trade {
  const n = nextTrade++;
  const createdAt = overrides.createdAt ?? new Date(T0 + n * 1000).toISOString();
  return {
    id: `t${n}`,
    symbol: 'BTC',
    pair: 'BTC/INR',
    account: 'practice',
    direction: 'up',
    amount: 100,
    durationSeconds: 20,
    payoutPercent: 20,
    status: 'running',
    result: null,
    entry: {
      price: 65000.12,
      priceE8: '6500012000000',
      aggTradeId: 9001,
      exchangeTs: createdAt,
      source: 'simulated',
    },
    exit: null,
    payout: null,
    profit: null,
    reason: null,
    expiresAt: new Date(Date.parse(createdAt) + 20_000).toISOString(),
    createdAt,
    settledAt: null,
    ...overrides,
  };
}

/** The same trade, settled as a win (exit above entry) unless overridden. */
export function settled(t: Trade, overrides: Partial<Trade> = {}): Trade {
  return {
    ...t,
    status: 'won',
    result: 'Win',
    exit: { ...t.entry, price: t.entry.price + 10, priceE8: '6501012000000', aggTradeId: 9050 },
    payout: t.amount + (t.amount * t.payoutPercent) / 100,
    profit: (t.amount * t.payoutPercent) / 100,
    settledAt: t.expiresAt,
    ...overrides,
  };
}

export const SETTINGS: TradeSetting[] = [
  { id: 3, time: 60, unit: 'Seconds', seconds: 60, payoutPercent: 60 },
  { id: 1, time: 20, unit: 'Seconds', seconds: 20, payoutPercent: 20 },
  { id: 2, time: 40, unit: 'Seconds', seconds: 40, payoutPercent: 40 },
];
