import type { MoneyAccount, Trade } from '@app/shared';
import { useEffect, useMemo } from 'react';
import { useAccountMode } from '../../../lib/account-mode.ts';
import { useRunningTrades } from '../../../lib/running-trades.ts';
import { useSession } from '../../../lib/session/index.ts';
import { isRunning } from '../../../lib/trades.ts';
import { useRunningTradeList } from '../api/get-running-trades.ts';
import { useTradeFlow } from './use-trade-flow.ts';

/**
 * The running trades of one account: the server's list (kept current by the live events),
 * with this tab's own trade added the moment its placement is answered, before its event.
 */
export function mergeRunning(
  listed: readonly Trade[],
  own: Trade | null,
  account: MoneyAccount,
): readonly Trade[] {
  const running = listed.filter((t) => isRunning(t) && t.account === account);
  if (!own || !isRunning(own) || own.account !== account || running.some((t) => t.id === own.id))
    return running;
  return [own, ...running];
}

/**
 * Keeps the shared running list (lib/running-trades.ts) in step with the server for the
 * selected account while the trade page shows the ticket, and returns it.
 */
export function useRunningSync(): { trades: readonly Trade[]; loaded: boolean } {
  const signedIn = useSession((s) => s.user !== null);
  const mode = useAccountMode((s) => s.mode);
  const list = useRunningTradeList(mode, signedIn);
  const own = useTradeFlow((s) => (s.phase === 'countdown' || s.phase === 'settling' ? s.trade : null));
  const items = list.data?.items;
  const trades = useMemo(
    () => (signedIn ? mergeRunning(items ?? [], own, mode) : []),
    [signedIn, items, own, mode],
  );
  const setTrades = useRunningTrades((s) => s.setTrades);
  useEffect(() => setTrades(trades), [trades, setTrades]);
  useEffect(() => () => setTrades([]), [setTrades]);
  return { trades, loaded: !signedIn || list.isSuccess };
}
