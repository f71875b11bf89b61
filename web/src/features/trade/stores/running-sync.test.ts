import { describe, expect, it } from 'vitest';
import { settled, trade } from '../../../test/fixtures.ts';
import { OVERDUE_MS, recheckInMs } from '../api/get-running-trades.ts';
import { mergeRunning } from './running-sync.ts';

const list = (items: ReturnType<typeof trade>[]) => ({ items, total: items.length, page: 1, limit: 100 });

describe('the running list', () => {
  it("adds this tab's own trade before its event arrives, once, and only to its account", () => {
    const listed = trade({ account: 'practice' });
    const own = trade({ account: 'practice' });
    expect(mergeRunning([listed], own, 'practice').map((t) => t.id)).toEqual([own.id, listed.id]);
    expect(mergeRunning([own, listed], own, 'practice').map((t) => t.id)).toEqual([own.id, listed.id]);
    expect(mergeRunning([listed], own, 'real')).toEqual([]);
    expect(mergeRunning([listed], settled(own), 'practice').map((t) => t.id)).toEqual([listed.id]);
  });

  it('asks the server again once the first trade is overdue, and not while nothing runs', () => {
    const now = Date.parse('2025-03-01T10:00:00.000Z');
    expect(recheckInMs(undefined, now)).toBe(false);
    expect(recheckInMs(list([]), now)).toBe(false);
    const soon = trade({ expiresAt: new Date(now + 20_000).toISOString() });
    const later = trade({ expiresAt: new Date(now + 60_000).toISOString() });
    expect(recheckInMs(list([later, soon]), now)).toBe(20_000 + OVERDUE_MS);
    const overdue = trade({ expiresAt: new Date(now - 60_000).toISOString() });
    expect(recheckInMs(list([overdue]), now)).toBe(OVERDUE_MS);
  });
});
