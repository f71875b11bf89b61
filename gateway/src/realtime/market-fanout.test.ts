import { eventPacket, rooms } from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import { describe, expect, it } from 'vitest';
import { type FanoutSocket, MarketFanout, wsMessageFrame } from './market-fanout.ts';

/** A connection that records writes and hands them to the network only when told. */
function fakeSocket(id: string) {
  const written: string[] = [];
  const options: unknown[] = [];
  const unsent: Array<() => void> = [];
  const socket: FanoutSocket = {
    id,
    connected: true,
    conn: {
      readyState: 'open',
      write(packet, given, sent) {
        written.push(packet);
        options.push(given);
        unsent.push(sent);
      },
    },
  };
  /** The network took the oldest `n` packets. */
  const drain = (n = unsent.length) => {
    for (const sent of unsent.splice(0, n)) sent();
  };
  return { socket, written, options, drain };
}

const BTC = rooms.market('BTC');
const ETH = rooms.market('ETH');
const tick = (seq: number) => eventPacket('market:tick', { symbol: 'BTC', price: 1, seq });
const book = (seq: number) => eventPacket('market:book', { symbol: 'BTC', asks: [], bids: [], seq });

describe('MarketFanout', () => {
  it('writes to every socket of the room while they keep up, and nothing to other rooms', () => {
    const fanout = new MarketFanout(1_000);
    const a = fakeSocket('a');
    const b = fakeSocket('b');
    fanout.join(a.socket, BTC);
    fanout.join(b.socket, ETH);
    for (let seq = 1; seq <= 3; seq++) {
      fanout.deliver(BTC, 'market:tick', tick(seq));
      a.drain();
    }
    expect(a.written).toEqual([tick(1), tick(2), tick(3)]);
    expect(b.written).toEqual([]);
    expect(fanout.stats()).toEqual({ sockets: 2, written: 3, skipped: 0, congested: 0 });
  });

  it('above the limit keeps only the newest packet per room and event, and writes them once drained', () => {
    // What goes on the wire: the websocket frame's header, engine.io's `4` and the packet.
    const size = wsMessageFrame(tick(1)).reduce((n, part) => n + part.length, 0);
    const fanout = new MarketFanout(2 * size);
    const slow = fakeSocket('slow');
    const fast = fakeSocket('fast');
    fanout.join(slow.socket, BTC);
    fanout.join(fast.socket, BTC);
    const sent = [tick(1), tick(2), book(3), tick(4), tick(5), book(6), tick(7)];
    for (const packet of sent) {
      fanout.deliver(BTC, packet.includes('market:book') ? 'market:book' : 'market:tick', packet);
      fast.drain();
    }
    expect(fast.written).toEqual(sent);
    // Two packets reached the limit; then the newest tick and book wait.
    expect(slow.written).toEqual([tick(1), tick(2)]);
    expect(fanout.bufferedBytes('slow')).toBe(2 * size);
    expect(fanout.stats()).toMatchObject({ skipped: 3, congested: 1 });

    slow.drain(1);
    expect(slow.written).toEqual([tick(1), tick(2), book(6), tick(7)]);
    expect(fanout.stats()).toMatchObject({ congested: 0 });
    slow.drain();
    expect(fanout.bufferedBytes('slow')).toBe(0);
    fanout.deliver(BTC, 'market:tick', tick(8));
    expect(slow.written.at(-1)).toBe(tick(8));
  });

  it('forgets what a socket held for a room it left, and the socket when it disconnects', () => {
    const fanout = new MarketFanout(1);
    const s = fakeSocket('s');
    fanout.join(s.socket, BTC);
    fanout.join(s.socket, ETH);
    fanout.deliver(BTC, 'market:tick', tick(1));
    fanout.deliver(BTC, 'market:tick', tick(2));
    fanout.deliver(ETH, 'market:tick', tick(3));
    fanout.leave(s.socket, BTC);
    s.drain();
    expect(s.written).toEqual([tick(1), tick(3)]);
    fanout.remove(s.socket);
    fanout.deliver(ETH, 'market:tick', tick(4));
    expect(s.written).toEqual([tick(1), tick(3)]);
    expect(fanout.stats().sockets).toBe(0);
  });

  it('hands every socket the same websocket frame of an event, built once', () => {
    const fanout = new MarketFanout(1_000);
    const a = fakeSocket('a');
    const b = fakeSocket('b');
    fanout.join(a.socket, BTC);
    fanout.join(b.socket, BTC);
    fanout.deliver(BTC, 'market:tick', tick(1));
    expect(a.options[0]).toBe(b.options[0]);
    expect(a.options[0]).toEqual({ wsPreEncodedFrame: wsMessageFrame(tick(1)) });
  });

  it('frames an engine.io message as a server does, whatever its length', () => {
    for (const n of [10, 200, 70_000]) {
      const packet = eventPacket('market:book', 'x'.repeat(n));
      const [head, data] = wsMessageFrame(packet) as [Buffer, Buffer];
      expect(data.toString()).toBe(`4${packet}`);
      expect(head[0]).toBe(0x81); // FIN, text
      const short = head[1] ?? 0;
      const length =
        short < 126 ? short : short === 126 ? head.readUInt16BE(2) : Number(head.readBigUInt64BE(2));
      expect(length).toBe(data.length);
      expect(head.length).toBe(short < 126 ? 2 : short === 126 ? 4 : 10);
    }
  });

  it('does not keep a socket that disconnected before its join', () => {
    const fanout = new MarketFanout(1_000);
    const s = fakeSocket('gone');
    s.socket.connected = false;
    fanout.join(s.socket, BTC);
    expect(fanout.stats().sockets).toBe(0);
  });

  it('publishes at the next turn only the newest event of each room and event published before it', () => {
    const turns: Array<() => void> = [];
    const fanout = new MarketFanout(1_000, (flush) => turns.push(flush));
    const a = fakeSocket('a');
    const b = fakeSocket('b');
    fanout.join(a.socket, BTC);
    fanout.join(b.socket, BTC);
    fanout.publish(BTC, 'market:tick', tick(1));
    fanout.publish(BTC, 'market:book', book(1));
    fanout.publish(BTC, 'market:tick', tick(2));
    fanout.publish(ETH, 'market:tick', tick(3));
    expect(a.written).toEqual([]);
    expect(turns).toHaveLength(1);
    turns.shift()?.();
    expect(a.written).toEqual([book(1), tick(2)]);
    expect(b.written).toEqual([book(1), tick(2)]);
    expect(fanout.stats()).toMatchObject({ written: 4, skipped: 2 });
    // A gateway that keeps up: each event on its own turn, none skipped.
    fanout.publish(BTC, 'market:tick', tick(3));
    turns.shift()?.();
    fanout.publish(BTC, 'market:tick', tick(4));
    turns.shift()?.();
    expect(a.written.slice(2)).toEqual([tick(3), tick(4)]);
    expect(fanout.stats()).toMatchObject({ written: 8, skipped: 2 });
  });

  it('delivers an emitter message as the packet the adapter would have written', () => {
    const fanout = new MarketFanout(1_000, (flush) => flush());
    const s = fakeSocket('s');
    fanout.join(s.socket, BTC);
    const published: Buffer[] = [];
    const emitter = new Emitter({ publish: (_channel: string, message: Buffer) => published.push(message) });
    const payload = { symbol: 'BTC', text: 'line\nbreak ₹', seq: 9 };
    emitter.to(BTC).emit('market:tick', payload);
    expect(fanout.deliverEmitted(BTC, published[0] as Buffer)).toBe(true);
    expect(s.written).toEqual([eventPacket('market:tick', payload)]);
    expect(fanout.deliverEmitted(BTC, Buffer.from('not msgpack'))).toBe(false);
  });
});
