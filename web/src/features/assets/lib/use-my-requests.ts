import type { WalletRequestStatus } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useConnection } from '../../../lib/socket.ts';
import type { StatusFilter } from '../../../lib/status-filter.ts';
import { patchPage } from './status.ts';
import { type Paged, usePaged } from './use-paged.ts';

type WalletRequest = { id: string; status: WalletRequestStatus };

/**
 * My top-ups or my withdrawals, a page at a time with a status filter. `sent` counts this tab's
 * own submissions: a new one reloads the list on its first page, where it goes on top.
 * `subscribe` delivers live updates (a decision, a request from another tab): a request on
 * screen is replaced where it is, anything else reloads the page.
 */
export function useMyRequests<T extends WalletRequest>({
  load,
  subscribe,
  userId,
  sent,
}: {
  load: (page: number, status: StatusFilter, signal: AbortSignal) => Promise<Paged<T>>;
  /** Must keep its identity between renders (a module-level function). */
  subscribe: (onUpdate: (request: T) => void) => () => void;
  userId: string;
  sent: number;
}) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('all');
  const reconnects = useConnection((s) => s.reconnects);
  const list = usePaged((signal) => load(page, status, signal), [page, status, userId, sent, reconnects]);
  const { reload, update } = list;
  const shown = useRef<{ items: T[]; status: StatusFilter }>({ items: [], status });
  shown.current = { items: list.data?.items ?? [], status };

  useEffect(() => {
    if (sent > 0) setPage(1);
  }, [sent]);

  useEffect(
    () =>
      subscribe((request) => {
        const patched = patchPage(shown.current.items, request, shown.current.status);
        if (patched) update(() => patched);
        else reload();
      }),
    [subscribe, reload, update],
  );

  const filter = (next: StatusFilter) => {
    setStatus(next);
    setPage(1);
  };
  return { page, setPage, status, filter, list };
}

export type MyRequests<T extends WalletRequest> = ReturnType<typeof useMyRequests<T>>;
