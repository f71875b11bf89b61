import type { TradeList } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { settled, trade } from '../test/fixtures.ts';
import { pageCount, withoutSettled, withPlaced, withSettled } from './order-lists.ts';

const list = (items: TradeList['items'], over: Partial<TradeList> = {}): TradeList => ({
  items,
  total: items.length,
  page: 1,
  limit: 10,
  ...over,
});

describe('live order lists', () => {
  it('a placed trade joins the top of the first Running page of its own account only', () => {
    const old = trade();
    const fresh = trade();
    const next = withPlaced(list([old]), fresh, 'practice');
    expect(next.items.map((t) => t.id)).toEqual([fresh.id, old.id]);
    expect(next.total).toBe(2);
    const other = trade({ account: 'real' });
    expect(withPlaced(list([old]), other, 'practice').items).toHaveLength(1);
  });

  it('a repeated event does not add the trade twice', () => {
    const t = trade();
    const once = withPlaced(list([]), t, 'practice');
    const twice = withPlaced(once, t, 'practice');
    expect(twice.items).toHaveLength(1);
    expect(twice.total).toBe(1);
  });

  it('a later page only counts a new trade, and the first page keeps its size', () => {
    const t = trade();
    const page2 = withPlaced(list([trade()], { page: 2, total: 11 }), t, 'practice');
    expect(page2.items.map((x) => x.id)).not.toContain(t.id);
    expect(page2.total).toBe(12);
    const full = list(
      Array.from({ length: 10 }, () => trade()),
      { total: 10 },
    );
    const after = withPlaced(full, t, 'practice');
    expect(after.items).toHaveLength(10);
    expect(after.items[0]?.id).toBe(t.id);
    expect(after.total).toBe(11);
  });

  it('a settled trade moves from Running to the top of Closed', () => {
    const t = trade();
    const other = trade();
    const running = list([t, other]);
    const closed = list([settled(trade())]);
    const done = settled(t);
    expect(withoutSettled(running, done).items.map((x) => x.id)).toEqual([other.id]);
    expect(withoutSettled(running, done).total).toBe(1);
    const nextClosed = withSettled(closed, done, 'practice');
    expect(nextClosed.items[0]).toEqual(done);
    expect(nextClosed.total).toBe(2);
    // Unknown to Running (another page): nothing to remove.
    expect(withoutSettled(list([other]), done)).toEqual(list([other]));
    // Another account's result stays out.
    expect(withSettled(closed, settled(trade({ account: 'real' })), 'practice')).toBe(closed);
    // A running trade is not a closed order.
    expect(withSettled(closed, t, 'practice')).toBe(closed);
  });

  it('counts pages', () => {
    expect(pageCount({ total: 0, limit: 10 })).toBe(1);
    expect(pageCount({ total: 10, limit: 10 })).toBe(1);
    expect(pageCount({ total: 11, limit: 10 })).toBe(2);
  });
});
