import { describe, expect, it } from 'vitest';
import { trade } from '../test/fixtures.ts';
import { priceToE8, runningOf, standingAt } from './running-trades.ts';

// The fixture's entry: 65,000.12 USDT, ₹100 at 20 %.
const ENTRY_E8 = 6_500_012_000_000n;

describe('how a running trade stands at the latest price', () => {
  it('an Up trade is winning by the win profit above its entry, losing by the stake below it', () => {
    const up = trade({ direction: 'up', amount: 100, payoutPercent: 20 });
    expect(standingAt(up, ENTRY_E8 + 1n)).toEqual({ kind: 'winning', by: 20 });
    expect(standingAt(up, ENTRY_E8 - 1n)).toEqual({ kind: 'losing', by: 100 });
    expect(standingAt(up, ENTRY_E8)).toEqual({ kind: 'level', by: 0 });
  });

  it('a Down trade the other way round, with the settlement rounding of the profit', () => {
    // ₹10.01 at 25 %: 250.25 paise, rounded to 250 as the ledger credits it.
    const down = trade({ direction: 'down', amount: 10.01, payoutPercent: 25 });
    expect(standingAt(down, (ENTRY_E8 - 100n).toString())).toEqual({ kind: 'winning', by: 2.5 });
    expect(standingAt(down, (ENTRY_E8 + 100n).toString())).toEqual({ kind: 'losing', by: 10.01 });
  });

  it('a real-money trade priced by the simulated feed would be refunded, never won', () => {
    const real = trade({ account: 'real' });
    expect(standingAt(real, ENTRY_E8 + 1n)).toEqual({ kind: 'void', by: 0 });
  });

  it('reads a display price as the e8 integer the rule compares', () => {
    expect(priceToE8(65000.12)).toBe('6500012000000');
    expect(priceToE8(0.00001234)).toBe('1234');
    expect(priceToE8(0)).toBeNull();
    expect(priceToE8(Number.NaN)).toBeNull();
  });

  it('picks the running trades of one coin', () => {
    const list = [trade({ symbol: 'BTC' }), trade({ symbol: 'ETH' }), trade({ symbol: 'BTC' })];
    expect(runningOf(list, 'BTC').map((t) => t.symbol)).toEqual(['BTC', 'BTC']);
    expect(runningOf(list, 'SOL')).toBe(runningOf([], 'XRP'));
  });
});
