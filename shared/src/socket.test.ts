import { describe, expect, it } from 'vitest';
import {
  type BulkUserEvent,
  decodeUserEvents,
  dispatchUserEvents,
  encodeUserEvents,
  eventPacket,
  eventPacketData,
  rooms,
  userEventMessages,
} from './socket.ts';

const balance = { real: 10, practice: 100_000, hold: 0, available: 10 } as unknown as Extract<
  BulkUserEvent,
  { event: 'balance' }
>['data'];

describe('user events in bulk', () => {
  it('round-trips events in order, each as the Socket.IO packet of its event for its user room', () => {
    const remarks = { ...balance, reason: 'trade_settled', note: 'line one\nline two\ttabbed' };
    const events: BulkUserEvent[] = [
      { userId: 'u1', event: 'balance', data: { ...balance, reason: 'trade_settled' } },
      { userId: 'u2', event: 'balance', data: remarks as never },
      { userId: 'u1', event: 'trade:settled', data: { trade: { id: 't1' }, balances: balance } as never },
    ];
    const seen: Array<[string, string, unknown]> = [];
    const dropped = dispatchUserEvents(encodeUserEvents(events), (room, e) => {
      // Protocol 5: EVENT (2) on the main namespace, then the JSON array [name, data].
      expect(e.packet[0]).toBe('2');
      seen.push([room, e.event, JSON.parse(e.packet.slice(1))]);
    });
    expect(dropped).toBe(0);
    expect(seen).toEqual([
      [rooms.user('u1'), 'balance', ['balance', { ...balance, reason: 'trade_settled' }]],
      [rooms.user('u2'), 'balance', ['balance', remarks]],
      [rooms.user('u1'), 'trade:settled', ['trade:settled', { trade: { id: 't1' }, balances: balance }]],
    ]);
  });

  it('splits a burst into messages of perMessage events, in order', () => {
    const events: BulkUserEvent[] = Array.from({ length: 7 }, (_, i) => ({
      userId: `u${i}`,
      event: 'balance',
      data: { ...balance, real: i } as never,
    }));
    const messages = [...userEventMessages(events, 3)];
    expect(messages).toHaveLength(3);
    const decoded = messages.flatMap((m) => decodeUserEvents(m).events);
    expect(decoded.map((e) => e.userId)).toEqual(events.map((e) => e.userId));
    expect(decoded.map((e) => JSON.parse(e.packet.slice(1))[1].real)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('refuses to encode a user id that would break the line format', () => {
    for (const userId of ['', 'u\t1', 'u\n1']) {
      expect(() => encodeUserEvents([{ userId, event: 'balance', data: balance }])).toThrow(/not a user id/);
    }
  });

  it('drops what is not a known event with an object for a user, and keeps the rest', () => {
    const good = `u1\t${eventPacket('balance', balance)}`;
    const message = [
      good,
      `u1\t${eventPacket('admin:badges', {})}`,
      `\t${eventPacket('balance', balance)}`,
      eventPacket('balance', balance),
      `u1\t${eventPacket('balance', null)}`,
      `u1\t${eventPacket('balance', 'text')}`,
      `u1\t3${JSON.stringify(['balance', balance])}`,
      `u1\t2/admin,${JSON.stringify(['balance', balance])}`,
      '',
    ].join('\n');
    expect(decodeUserEvents(message)).toEqual({
      events: [{ userId: 'u1', event: 'balance', packet: eventPacket('balance', balance) }],
      dropped: 8,
    });
    expect(decodeUserEvents('not a message')).toEqual({ events: [], dropped: 1 });
  });

  it("gives back a packet's data as it was encoded, line breaks, tabs and unicode included", () => {
    const data = { text: 'line one\nline two\ttabbed \u2028 ₹ 🚀 "quoted" \\', n: -0.5, none: null };
    expect(eventPacketData(eventPacket('balance', data))).toEqual(data);
  });
});
