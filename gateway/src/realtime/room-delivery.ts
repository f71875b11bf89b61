import { type EncodedUserEvent, eventPacketData } from '@app/shared';

/** An event for a room as it arrives in bulk: its name and the Socket.IO packet that carries it. */
export type RoomEvent = Pick<EncodedUserEvent, 'event' | 'packet'>;

/**
 * How a gateway hands an event to its own sockets in a room (its own only: every gateway gets
 * every bulk message, so nothing is relayed through the adapter). docs/adr/0011-bulk-room-delivery.md.
 */
export interface RoomDelivery {
  deliver(room: string, e: RoomEvent): void;
}

/** What the emit delivery needs of a Socket.IO server (the gateway's `io`). */
export type LocalEmitter = {
  local: { to(room: string): { emit(event: string, data: unknown): unknown } };
};

/** The reference: Socket.IO's own emit, to this process's sockets in the room. */
export function createEmitDelivery(io: LocalEmitter): RoomDelivery {
  return {
    deliver(room, e) {
      io.local.to(room).emit(e.event, eventPacketData(e.packet));
    },
  };
}

/** What `writeToRoom` needs of a Socket.IO namespace (the gateway's `io.of('/')`). */
export type PacketSockets = {
  adapter: { rooms: ReadonlyMap<string, ReadonlySet<string>> };
  sockets: ReadonlyMap<string, { conn: { readyState: string; write(packet: string): unknown } }>;
};

/**
 * Write an encoded packet to this process's sockets of `nsp` in `room`, as Socket.IO's emit
 * does once it has encoded (engine.io's public `write` on each open connection). Returns how
 * many sockets it was written to.
 */
export function writeToRoom(nsp: PacketSockets, room: string, packet: string): number {
  const ids = nsp.adapter.rooms.get(room);
  if (!ids) return 0;
  let written = 0;
  for (const id of ids) {
    const conn = nsp.sockets.get(id)?.conn;
    if (conn?.readyState !== 'open') continue;
    conn.write(packet);
    written++;
  }
  return written;
}

/**
 * The default: the packet its publisher encoded, written as it is, with no parse and no second
 * encoding per event. It must behave as `createEmitDelivery` does (room-delivery.test.ts).
 */
export function createPacketDelivery(nsp: PacketSockets): RoomDelivery {
  return {
    deliver(room, e) {
      writeToRoom(nsp, room, e.packet);
    },
  };
}
