import { describe, expect, it } from 'vitest';
import {
  type BulkUserEvent,
  decodeUserEvents,
  dispatchUserEvents,
  encodeUserEvents,
  rooms,
} from './socket.ts';

const balance = { real: 10, practice: 100_000, hold: 0, available: 10 } as unknown as Extract<
  BulkUserEvent,
  { event: 'balance' }
>['data'];

describe('user events in bulk', () => {
  it('round-trips events in order and delivers each to its user room', () => {
    const events: BulkUserEvent[] = [
      { userId: 'u1', event: 'balance', data: { ...balance, reason: 'trade_settled' } },
      { userId: 'u2', event: 'balance', data: { ...balance, reason: 'trade_settled' } },
      { userId: 'u1', event: 'balance', data: { ...balance, reason: 'trade_settled' } },
    ];
    const seen: Array<[string, string]> = [];
    const dropped = dispatchUserEvents(encodeUserEvents(events), (room, e) => seen.push([room, e.event]));
    expect(dropped).toBe(0);
    expect(seen).toEqual([
      [rooms.user('u1'), 'balance'],
      [rooms.user('u2'), 'balance'],
      [rooms.user('u1'), 'balance'],
    ]);
  });

  it('drops what is not a known event for a user, and keeps the rest', () => {
    const good = { userId: 'u1', event: 'balance', data: balance };
    const message = JSON.stringify([
      good,
      { userId: 'u1', event: 'admin:badges', data: {} },
      { userId: '', event: 'balance', data: balance },
      { event: 'balance', data: balance },
      { userId: 'u1', event: 'balance', data: null },
      'balance',
    ]);
    expect(decodeUserEvents(message)).toEqual({ events: [good], dropped: 5 });
    expect(decodeUserEvents('not json')).toEqual({ events: [], dropped: 1 });
    expect(decodeUserEvents('{"userId":"u1"}')).toEqual({ events: [], dropped: 1 });
  });
});
