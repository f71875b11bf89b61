import type { IoServer } from './types.ts';

type Corkable = { cork(): void; uncork(): void; destroyed?: boolean };

/**
 * The TCP socket under a Socket.IO connection on the websocket transport (engine.io's
 * transport → ws's WebSocket → net.Socket). Undefined on long polling, and if those internals
 * ever change shape: then nothing is held, and every event still goes out as before.
 */
function tcpSocketOf(conn: unknown): Corkable | undefined {
  const transport = (conn as { transport?: { name?: unknown; socket?: { _socket?: unknown } } } | undefined)
    ?.transport;
  if (transport?.name !== 'websocket') return undefined;
  const tcp = transport.socket?._socket as Partial<Corkable> | undefined;
  if (typeof tcp?.cork !== 'function' || typeof tcp.uncork !== 'function') return undefined;
  return tcp as Corkable;
}

export type WriteCoalescer = {
  /**
   * Hold the writes of this gateway's websockets in `room` until `release()`. False when no
   * socket of this gateway is in the room: there is nothing to send it.
   */
  hold(room: string): boolean;
  /**
   * After a run of emits: each held socket's first frame leaves now, and what engine.io
   * buffered behind it (sent when that write completes) is held again until the end of this
   * loop turn, then leaves in one write.
   */
  release(): void;
};

/**
 * Bulk user events (a settlement batch: several `trade:settled` and a `balance` for one user)
 * leave as one frame and one write each: one syscall and one wake-up of the receiver per event,
 * 1,200 of them for a batch of 1,000 trades. Corking the sockets of the rooms a bulk message
 * reaches sends a user's events of that message in two writes instead (engine.io sends the
 * first packet at once and the rest when that write completes). Order and content are
 * unchanged: only when the bytes reach the kernel.
 */
export function createWriteCoalescer(io: IoServer): WriteCoalescer {
  const corked = new Set<Corkable>();
  const recorked = new Set<Corkable>();
  let releaseScheduled = false;

  const releaseRecorked = () => {
    releaseScheduled = false;
    for (const tcp of recorked) tcp.uncork();
    recorked.clear();
  };

  return {
    hold(room) {
      const ids = io.of('/').adapter.rooms.get(room);
      if (!ids) return false;
      for (const id of ids) {
        const tcp = tcpSocketOf(io.of('/').sockets.get(id)?.conn);
        if (!tcp || corked.has(tcp) || recorked.has(tcp) || tcp.destroyed) continue;
        tcp.cork();
        corked.add(tcp);
      }
      return true;
    },
    release() {
      for (const tcp of corked) {
        tcp.uncork();
        // Held until the end of the turn: engine.io's drain, on the next tick, sends the rest.
        tcp.cork();
        recorked.add(tcp);
      }
      corked.clear();
      if (recorked.size > 0 && !releaseScheduled) {
        releaseScheduled = true;
        setImmediate(releaseRecorked);
      }
    },
  };
}
