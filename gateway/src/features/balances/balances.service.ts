import { type Db, getBalances, resetPractice } from '@app/db';
import type { Balances } from '@app/shared';
import type { TradeEvents } from '../trades/trades.events.ts';
import { toBalances } from '../trades/trades.mapper.ts';

/** The caller's two balances, and the practice reset. The user id always comes from the session. */
export function createBalancesService({ db, events }: { db: Db; events: TradeEvents }) {
  return {
    async balances(userId: string): Promise<Balances> {
      return toBalances(await getBalances(db, userId));
    },

    /**
     * Practice money back to Rs 1,00,000 (one practice_reset ledger entry for the difference;
     * nothing when it is already there). Repeating it is harmless by nature: it sets a level,
     * it does not add an amount, and it never touches real money.
     */
    async resetPractice(userId: string): Promise<Balances> {
      const { changed } = await db.transaction((tx) => resetPractice(tx, userId));
      const balances = toBalances(await getBalances(db, userId));
      if (changed) events.balance(userId, balances, 'practice_reset');
      return balances;
    },
  };
}
