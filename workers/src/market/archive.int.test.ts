import { createDb, lastTickAtOrBefore } from '@app/db';
import type { ArchivedThrough, Tick } from '@app/shared';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { TickArchiver } from './archive.ts';
import { captureLogger, testSymbol, waitFor } from './testing/harness.ts';

const db = createDb(inject('databaseUrl'), { max: 2 });
afterAll(() => db.close());

let aggId = 1;
const tick = (symbol: string, exchangeTs: number, price: number): Tick => ({
  symbol,
  price,
  priceE8: String(BigInt(Math.round(price * 1e8))),
  aggTradeId: aggId++,
  exchangeTs,
  receivedAt: exchangeTs + 2,
  source: 'binance',
});

describe('the tick archiver', () => {
  it('writes a second as soon as the first tick of the next one arrives, and says how far it got', async () => {
    const symbol = testSymbol('AR');
    const announced: ArchivedThrough[] = [];
    // The batch period is far away: only the completed second can cause these writes.
    const archiver = new TickArchiver(db.db, captureLogger().logger, { onWritten: (t) => announced.push(t) });
    archiver.start(60_000);
    try {
      const second = Math.floor(Date.now() / 1000) * 1000 - 10_000;
      archiver.add(tick(symbol, second + 100, 1));
      await waitFor('the first tick written', () => archiver.written >= 1);
      archiver.add(tick(symbol, second + 400, 2));
      archiver.add(tick(symbol, second + 900, 3));
      expect(archiver.written).toBe(1); // the same second: waits for the batch

      archiver.add(tick(symbol, second + 1_050, 4)); // the next second begins: the last one is complete
      await waitFor('the completed second written', () =>
        announced.some((a) => a[symbol] === second + 1_050),
      );
      // One write for the first tick, then one with the completed second and the new one: the
      // ticks of the same second were never written on their own.
      expect(announced).toEqual([{ [symbol]: second + 100 }, { [symbol]: second + 1_050 }]);
      expect(archiver.written).toBe(3);
      const exit = await lastTickAtOrBefore(db.db, symbol, new Date(second + 999));
      expect(exit).toMatchObject({ priceE8: 300_000_000n, exchangeTs: new Date(second + 900) });
      const after = await lastTickAtOrBefore(db.db, symbol, new Date(second + 1_999));
      expect(after?.priceE8).toBe(400_000_000n);
    } finally {
      await archiver.stop();
    }
  });

  it('writes the seconds that changed on every batch period', async () => {
    const symbol = testSymbol('AB');
    const archiver = new TickArchiver(db.db, captureLogger().logger);
    archiver.start(100);
    try {
      const second = Math.floor(Date.now() / 1000) * 1000 - 20_000;
      archiver.add(tick(symbol, second + 10, 5));
      archiver.add(tick(symbol, second + 20, 6));
      await waitFor(
        'the batch',
        async () =>
          (await lastTickAtOrBefore(db.db, symbol, new Date(second + 999)))?.priceE8 === 600_000_000n,
      );
      const before = archiver.written;
      // Three more batch periods, each one's write (if any) finished.
      const periods = vi.spyOn(archiver, 'flush');
      await vi.waitFor(() => expect(periods.mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
      await archiver.flush();
      expect(archiver.written).toBe(before); // nothing changed: nothing written
    } finally {
      await archiver.stop();
    }
  });
});
