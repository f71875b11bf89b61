import { decideOutcome, paiseToRupees, rupeesToPaise, type Trade } from '@app/shared';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { create } from 'zustand';

/**
 * The user's running trades as the trade page shows them: the trade feature writes the list
 * (from the server's answer and the live events), the market feature's chart reads it to draw
 * entry lines, and the market feature lends its live prices back through `LivePriceContext`.
 * Features do not import each other; this is where the two meet.
 */

interface RunningTradesState {
  /** Running trades of the selected account, newest first. */
  trades: readonly Trade[];
  setTrades: (trades: readonly Trade[]) => void;
}

export const useRunningTrades = create<RunningTradesState>()((set) => ({
  trades: [],
  setTrades: (trades) => set({ trades }),
}));

/** Running trades of one coin (a stable empty list when there are none). */
const NONE: readonly Trade[] = [];
export function runningOf(trades: readonly Trade[], symbol: string): readonly Trade[] {
  const mine = trades.filter((t) => t.symbol === symbol);
  return mine.length > 0 ? mine : NONE;
}

export type Standing =
  | { kind: 'winning'; by: number }
  | { kind: 'losing'; by: number }
  | { kind: 'level'; by: 0 }
  | { kind: 'void'; by: 0 };

/**
 * Where a running trade would end if it settled at `priceE8` now: the settlement rule itself
 * (`decideOutcome`), fed the latest price as if it were the exit tick. "Winning by" is the
 * profit a win would pay, "losing by" the stake.
 */
export function standingAt(
  trade: Pick<Trade, 'account' | 'direction' | 'amount' | 'payoutPercent' | 'entry' | 'expiresAt'>,
  priceE8: string | bigint,
): Standing {
  const expiresAt = new Date(trade.expiresAt);
  const outcome = decideOutcome(
    {
      account: trade.account,
      direction: trade.direction,
      amount: rupeesToPaise(trade.amount),
      payoutPercent: trade.payoutPercent,
      entryPriceE8: BigInt(trade.entry.priceE8),
      expiresAt,
    },
    { priceE8: BigInt(priceE8), exchangeTs: expiresAt, source: trade.entry.source },
    Number.POSITIVE_INFINITY,
  );
  const by = paiseToRupees(outcome.profit < 0n ? -outcome.profit : outcome.profit);
  if (outcome.status === 'won') return { kind: 'winning', by };
  if (outcome.status === 'lost') return { kind: 'losing', by };
  if (outcome.status === 'draw') return { kind: 'level', by: 0 };
  return { kind: 'void', by: 0 };
}

/** A display price (USDT) as the exact e8 integer string the settlement rule compares. */
export function priceToE8(price: number): string | null {
  if (!Number.isFinite(price) || price <= 0) return null;
  return String(Math.round(price * 1e8));
}

/**
 * Latest prices as e8 strings (exact for a live tick), lent by the page that owns the feed.
 * `get` returns a primitive, so `useSyncExternalStore` re-renders only when it changes.
 */
export interface LivePriceSource {
  get: (symbol: string) => string | null;
  subscribe: (listener: () => void) => () => void;
}

export const LivePriceContext = createContext<LivePriceSource | null>(null);

const noSource: LivePriceSource = { get: () => null, subscribe: () => () => {} };

/** Whether a page lends live prices here (the trade page does). */
export function useHasLivePrices(): boolean {
  return useContext(LivePriceContext) !== null;
}

/** The latest price of a coin as e8, or null when no page lends prices or none arrived. */
export function useLivePriceE8(symbol: string): string | null {
  const source = useContext(LivePriceContext) ?? noSource;
  return useSyncExternalStore(source.subscribe, () => source.get(symbol));
}
