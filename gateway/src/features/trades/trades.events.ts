import { type Balances, rooms, type Trade } from '@app/shared';
import type { IoServer } from '../../realtime/types.ts';

/**
 * Live events to the trade owner's room. A local emit reaches the user's sockets on every
 * gateway through the Redis adapter.
 */
export function createTradeEvents(io: IoServer) {
  const room = (userId: string) => io.to(rooms.user(userId));
  return {
    balance(userId: string, balances: Balances, reason: string) {
      room(userId).emit('balance', { ...balances, reason });
    },
    placed(userId: string, trade: Trade) {
      room(userId).emit('trade:placed', { trade });
    },
    settled(userId: string, trade: Trade, balances: Balances) {
      room(userId).emit('trade:settled', { trade, balances });
    },
  };
}

export type TradeEvents = ReturnType<typeof createTradeEvents>;
