import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinanceRest, BudgetExceededError, RestHttpError, WeightBudget } from './rest.ts';
import { type FakeBinance, startFakeBinance } from './testing/fake-binance.ts';
import { captureLogger } from './testing/harness.ts';

let fake: FakeBinance;
beforeAll(async () => {
  fake = await startFakeBinance({ symbols: ['BTCUSDT', 'ETHUSDT'], prices: { BTCUSDT: 64_000 } });
});
afterAll(() => fake?.close());

/** A client whose budget runs on a clock the test moves. */
function client(perMinute: number, server: FakeBinance = fake) {
  const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 5) };
  const budget = new WeightBudget(perMinute, () => clock.now);
  const rest = new BinanceRest({
    baseUrl: server.restUrl,
    timeoutMs: 2_000,
    budget,
    logger: captureLogger().logger,
  });
  return { rest, budget, clock };
}

describe('Binance REST client', () => {
  it('reads tickers, depth and klines in the documented formats', async () => {
    const { rest } = client(1_000);
    const [btc] = await rest.ticker24h(['BTCUSDT', 'ETHUSDT']);
    expect(btc).toMatchObject({ symbol: 'BTCUSDT', lastPrice: '64000.00000000' });
    const depth = await rest.depth('BTCUSDT', 20);
    expect(depth.asks).toHaveLength(20);
    const candles = await rest.klines('BTCUSDT', '15m', 200);
    expect(candles).toHaveLength(200);
    expect(candles[1]!.time - candles[0]!.time).toBe(900);
  });

  it('never spends more request weight in a minute than its budget, and nothing is sent past it', async () => {
    const own = await startFakeBinance({ symbols: ['BTCUSDT', 'ETHUSDT'] });
    try {
      const { rest, clock } = client(12, own);
      await rest.depth('BTCUSDT', 20); // 5
      await rest.depth('ETHUSDT', 20); // 10
      await expect(rest.depth('BTCUSDT', 20)).rejects.toBeInstanceOf(BudgetExceededError);
      expect(own.requests).toHaveLength(2);
      await rest.ticker24h(['BTCUSDT']); // 2 still fits
      clock.now += 60_000; // the next minute has a fresh budget
      await rest.depth('BTCUSDT', 20);
      expect(own.requests.map((r) => r.weight)).toEqual([5, 5, 2, 5]);
    } finally {
      await own.close();
    }
  });

  it("takes Binance's X-MBX-USED-WEIGHT-1M as the truth when other clients spent weight too", async () => {
    const { rest, budget } = client(6_000);
    for (let i = 0; i < 3; i++) await fetch(`${fake.restUrl}/api/v3/ticker/24hr?symbol=BTCUSDT`); // another client
    await rest.ticker24h(['BTCUSDT']);
    expect(budget.usedThisMinute()).toBe(fake.usedWeight());
    expect(budget.usedThisMinute()).toBeGreaterThanOrEqual(8);
  });

  it('stops calling for the Retry-After of a 429, and of a 418 ban', async () => {
    for (const status of [429, 418] as const) {
      const { rest, budget, clock } = client(1_000);
      fake.setRateLimited(7, status);
      try {
        const err = await rest.depth('BTCUSDT', 20).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(RestHttpError);
        expect((err as RestHttpError).status).toBe(status);
      } finally {
        fake.setRateLimited(null);
      }
      const sent = fake.requests.length;
      await expect(rest.ticker24h(['BTCUSDT'])).rejects.toBeInstanceOf(BudgetExceededError);
      expect(fake.requests.length).toBe(sent);
      expect(budget.waitMs()).toBe(7_000);
      clock.now += 7_000;
      await expect(rest.ticker24h(['BTCUSDT'])).resolves.toHaveLength(1);
    }
  });

  it('reports an unknown symbol as a 400', async () => {
    const { rest } = client(1_000);
    const err = await rest.ticker24h(['BTCUSDT', 'NOPEUSDT']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestHttpError);
    expect((err as RestHttpError).status).toBe(400);
  });
});
