import type { Candle, CandlesResponse, MarketResponse } from '@app/shared';
import { vi } from 'vitest';
import { coin } from './fixtures.ts';

export const COIN_LIST = [
  coin('BTC', 'Bitcoin', 65000),
  coin('ETH', 'Ethereum', 3000),
  coin('BNB', 'BNB', 600),
  coin('SOL', 'Solana', 150),
  coin('XRP', 'XRP', 0.6),
  coin('DOGE', 'Dogecoin', 0.15),
  coin('ADA', 'Cardano', 0.45),
  coin('AVAX', 'Avalanche', 35),
  coin('LINK', 'Chainlink', 14),
  coin('TRX', 'TRON', 0.12),
  coin('DOT', 'Polkadot', 7),
  coin('LTC', 'Litecoin', 80),
];

export const RATE = 80;

export function candlesFor(interval: string, closes: number[], start = 1_700_000_000): Candle[] {
  const step = interval === '15m' ? 900 : interval === '1h' ? 3600 : 60;
  const base = start - (start % step);
  return closes.map((close, i) => ({
    time: base + i * step,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1,
  }));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the market API from fixtures; `closes` gives every candle request its close prices. */
export function mockMarketApi(options: { closes?: number[]; marketFails?: boolean } = {}) {
  const closes = options.closes ?? [100, 101, 102];
  const market: MarketResponse = {
    coins: COIN_LIST,
    usdtInr: RATE,
    feed: { source: 'simulated', state: 'live', simulated: true, since: 1 },
  };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/market') {
      if (options.marketFails) throw new TypeError('Failed to fetch');
      return json(market);
    }
    if (url.pathname === '/api/binance/usdt-inr') return json({ inr: RATE, source: 'test', updatedAt: 1 });
    if (url.pathname === '/api/candles') {
      const symbol = url.searchParams.get('symbol') ?? '';
      const interval = url.searchParams.get('interval') ?? '15m';
      const body: CandlesResponse = {
        symbol,
        interval: interval as CandlesResponse['interval'],
        candles: candlesFor(interval, closes),
      };
      return json(body);
    }
    return json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
}
