import type { Balances, Trade } from '@app/shared';
import type { UserEvents } from '../../realtime/realtime.plugin.ts';

/**
 * Live events to the trade owner's room, through `app.userEvents`: every gateway delivers them
 * to its sockets in the room, and the events of up to 2 ms travel as one Redis message.
 */
export function createTradeEvents(userEvents: UserEvents) {
  return {
    balance(userId: string, balances: Balances, reason: string) {
      userEvents.emit({ userId, event: 'balance', data: { ...balances, reason } });
    },
    placed(userId: string, trade: Trade) {
      userEvents.emit({ userId, event: 'trade:placed', data: { trade } });
    },
    settled(userId: string, trade: Trade, balances: Balances) {
      userEvents.emit({ userId, event: 'trade:settled', data: { trade, balances } });
    },
  };
}

export type TradeEvents = ReturnType<typeof createTradeEvents>;
