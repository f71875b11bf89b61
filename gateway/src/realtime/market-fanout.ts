import { decode } from 'notepack.io';

/** What the fan-out needs of a socket: its id, whether it is still connected, its engine.io connection. */
export type FanoutSocket = {
  id: string;
  connected: boolean;
  conn: {
    readyState: string;
    /** engine.io's public `write`: `sent` runs once the transport has handed the packet to the network. */
    write(packet: string, options: PreEncoded, sent: () => void): unknown;
  };
};

/**
 * engine.io's option for a packet whose websocket frame is already built, the one Socket.IO's
 * own broadcast sets: ws then writes the frame as it is instead of framing the text again for
 * every socket. Other transports (polling) ignore it.
 */
type PreEncoded = { compress?: boolean; wsPreEncodedFrame?: Buffer[] };

/** One event on its way: the packet, its websocket frame (built once for every socket) and its size. */
type Outgoing = { packet: string; options: PreEncoded; bytes: number };

/** The unmasked websocket text frame (a server's) of an engine.io message packet: `4` + `packet`. */
export function wsMessageFrame(packet: string): Buffer[] {
  const data = Buffer.from(`4${packet}`);
  const n = data.length;
  let head: Buffer;
  if (n < 126) head = Buffer.from([0x81, n]);
  else if (n < 65_536) head = Buffer.from([0x81, 126, n >> 8, n & 0xff]);
  else {
    head = Buffer.from([0x81, 127, 0, 0, 0, 0, 0, 0, 0, 0]);
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return [head, data];
}

type Member = {
  socket: FanoutSocket;
  rooms: Set<string>;
  /** Bytes written to the connection whose `sent` has not run yet. */
  outstanding: number;
  /** Sizes of those packets, oldest first (engine.io runs the callbacks in order). */
  sizes: number[];
  /** The newest packet per room and event held back while the connection is above the limit. */
  held: Map<string, Outgoing> | null;
  sent: () => void;
};

export type FanoutStats = {
  /** Sockets in at least one market room on this gateway. */
  sockets: number;
  /** Market packets written to sockets since start. */
  written: number;
  /** Market packets replaced by a newer one of the same room and event before they were written. */
  skipped: number;
  /** Sockets holding packets back now. */
  congested: number;
};

/**
 * Market rooms of this gateway's sockets, and their delivery with conflation. Market data is
 * latest-value-wins: a socket whose connection has more than `bufferBytes` of market packets
 * not yet handed to the network gets no more for now; the newest packet of each room and event
 * waits (a newer one replaces it, counted as skipped) and goes out when the connection drains.
 * So a slow client ends with the latest prices, late, and the gateway holds at most the limit
 * plus one packet per room and event for it, however long it stays slow. Events of other rooms
 * (trades, balances, notifications) do not pass here and are never skipped.
 *
 * The same rule holds for the gateway itself: published events (`publish`) go out at the next
 * turn of the event loop, and of those published in between only the newest of each room and
 * event. A gateway that keeps up adds no delay; one that falls behind (a fan-out to thousands of
 * sockets taking longer than the interval between events) sends fewer, newer events instead of
 * letting them queue up in front of it.
 * docs/adr/0020-market-conflation-and-sequence-numbers.md.
 */
export class MarketFanout {
  private readonly rooms = new Map<string, Set<Member>>();
  private readonly members = new Map<string, Member>();
  /** Published events waiting for the next turn, the newest per room and event, in publishing order. */
  private readonly pending = new Map<string, { room: string; event: string; packet: string }>();
  private flushScheduled = false;
  private written = 0;
  private skipped = 0;

  /**
   * `schedule` runs the fan-out of what was published: by default at the next turn of the event
   * loop, once the I/O that came in (every message read from Redis) has been handled.
   */
  constructor(
    private readonly bufferBytes: number,
    private readonly schedule: (flush: () => void) => void = setImmediate,
  ) {}

  /** Put `socket` in `room` (synchronously: a packet published from now on reaches it). */
  join(socket: FanoutSocket, room: string): void {
    if (!socket.connected) return;
    let member = this.members.get(socket.id);
    if (!member) {
      const created: Member = {
        socket,
        rooms: new Set(),
        outstanding: 0,
        sizes: [],
        held: null,
        sent: () => this.sent(created),
      };
      member = created;
      this.members.set(socket.id, member);
    }
    member.rooms.add(room);
    let set = this.rooms.get(room);
    if (!set) {
      set = new Set();
      this.rooms.set(room, set);
    }
    set.add(member);
  }

  leave(socket: FanoutSocket, room: string): void {
    const member = this.members.get(socket.id);
    if (!member?.rooms.delete(room)) return;
    this.dropFromRoom(member, room);
    if (member.held) {
      for (const key of member.held.keys()) if (key.startsWith(`${room}\t`)) member.held.delete(key);
    }
    if (member.rooms.size === 0) this.members.delete(socket.id);
  }

  /** Forget a disconnected socket. */
  remove(socket: FanoutSocket): void {
    const member = this.members.get(socket.id);
    if (!member) return;
    for (const room of member.rooms) this.dropFromRoom(member, room);
    this.members.delete(socket.id);
  }

  /** Market bytes (websocket frames) written to the socket and not yet handed to the network. */
  bufferedBytes(socketId: string): number {
    return this.members.get(socketId)?.outstanding ?? 0;
  }

  stats(): FanoutStats {
    let congested = 0;
    for (const m of this.members.values()) if (m.held && m.held.size > 0) congested++;
    return { sockets: this.members.size, written: this.written, skipped: this.skipped, congested };
  }

  /**
   * Hand an encoded Socket.IO packet of `event` to the sockets of `room` at the next turn; a newer
   * packet of the same room and event published before then replaces it (skipped for each socket).
   */
  publish(room: string, event: string, packet: string): void {
    const set = this.rooms.get(room);
    if (!set) return;
    const key = `${room}\t${event}`;
    if (this.pending.delete(key)) this.skipped += set.size;
    this.pending.set(key, { room, event, packet });
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.schedule(() => {
      this.flushScheduled = false;
      const due = [...this.pending.values()];
      this.pending.clear();
      for (const p of due) this.deliver(p.room, p.event, p.packet);
    });
  }

  /** Hand an encoded Socket.IO packet of `event` to every socket of this gateway in `room`, now. */
  deliver(room: string, event: string, packet: string): void {
    const set = this.rooms.get(room);
    if (!set) return;
    const frame = wsMessageFrame(packet);
    const out: Outgoing = {
      packet,
      options: { wsPreEncodedFrame: frame },
      bytes: (frame[0]?.length ?? 0) + (frame[1]?.length ?? 0),
    };
    const key = `${room}\t${event}`;
    for (const member of set) {
      if (member.outstanding >= this.bufferBytes || (member.held !== null && member.held.size > 0)) {
        member.held ??= new Map();
        if (member.held.has(key)) this.skipped++;
        // Deleted first so that the map's order is the order of the newest packets.
        member.held.delete(key);
        member.held.set(key, out);
        continue;
      }
      this.write(member, out);
    }
  }

  /**
   * A message of the Socket.IO Redis emitter (msgpack `[uid, packet, opts]`) published to
   * `room`: its event goes out as the packet the adapter would have written. False when it is
   * not an event of the main namespace.
   */
  deliverEmitted(room: string, message: Buffer): boolean {
    if (!this.rooms.has(room)) return true;
    let packet: unknown;
    try {
      packet = (decode(message) as unknown[])[1];
    } catch {
      return false;
    }
    if (typeof packet !== 'object' || packet === null || !('data' in packet)) return false;
    const { data } = packet;
    const nsp = 'nsp' in packet ? packet.nsp : '/';
    const type = 'type' in packet ? packet.type : undefined;
    if (type !== 2 || (nsp !== '/' && nsp !== undefined) || !Array.isArray(data)) return false;
    const [event] = data as unknown[];
    if (typeof event !== 'string') return false;
    // Socket.IO's EVENT packet (protocol 5) on `/`, as `eventPacket` in @app/shared writes it.
    this.publish(room, event, `2${JSON.stringify(data)}`);
    return true;
  }

  private write(member: Member, out: Outgoing): void {
    const { conn } = member.socket;
    if (conn.readyState !== 'open') return;
    member.outstanding += out.bytes;
    member.sizes.push(out.bytes);
    this.written++;
    conn.write(out.packet, out.options, member.sent);
  }

  private sent(member: Member): void {
    member.outstanding -= member.sizes.shift() ?? 0;
    if (member.outstanding < this.bufferBytes && member.held !== null && member.held.size > 0) {
      const held = member.held;
      member.held = null;
      for (const out of held.values()) this.write(member, out);
    }
  }

  private dropFromRoom(member: Member, room: string): void {
    const set = this.rooms.get(room);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) this.rooms.delete(room);
  }
}
