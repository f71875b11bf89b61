import type { MoneyAccount, TradeList } from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '../../../lib/api.ts';
import { getTrades } from './get-trades.ts';

export type OrderListState = {
  list: TradeList | null;
  error: boolean;
  loading: boolean;
};

/**
 * One order table: loads on filter change and on `reload`; `update` applies a live change to
 * what is on screen (a late answer of an older filter never overwrites it).
 */
export function useOrderList(
  status: 'running' | 'completed',
  account: MoneyAccount,
  page: number,
  limit: number,
  reloadKey: number,
) {
  const [state, setState] = useState<OrderListState>({ list: null, error: false, loading: true });

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: false }));
    getTrades({ status, account, page, limit }, controller.signal)
      .then((list) => {
        if (!controller.signal.aborted) setState({ list, error: false, loading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState({ list: null, error: true, loading: false });
      });
    return () => controller.abort();
  }, [status, account, page, limit, reloadKey]);

  const update = useCallback((fn: (list: TradeList) => TradeList) => {
    setState((s) => (s.list ? { ...s, list: fn(s.list) } : s));
  }, []);

  return { ...state, update };
}
