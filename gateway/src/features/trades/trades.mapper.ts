import type { Balances as LedgerBalances, TradeRow } from '@app/db';
import { type Balances, type Trade, toBalancesView, toTradeView } from '@app/shared';

/**
 * Trades and balances as the API speaks them: rupees, ISO times, prices with their exact e8.
 * The shared view is the one the workers' `trade:settled` events use, so both say the same.
 */
export const toTrade = (row: TradeRow): Trade => toTradeView(row);

export const toBalances = (b: LedgerBalances): Balances => toBalancesView(b);
