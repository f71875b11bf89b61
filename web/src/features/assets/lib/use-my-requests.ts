import type { Pagination, WalletRequestStatus } from '@app/shared';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StatusFilter } from '../../../lib/status-filter.ts';
import type { MyRequestsFilter } from '../api/get-my-topups.ts';

type WalletRequest = { id: string; status: WalletRequestStatus };
export type Paged<T> = { items: T[]; pagination: Pagination };

/**
 * My top-ups or my withdrawals, a page at a time with a status filter. `sent` counts this tab's
 * own submissions: a new one refetches the list on its first page, where it goes on top. Live
 * updates (a decision, a request from another tab) reach the cache by socket
 * (lib/query/cache-sync.ts).
 */
export function useMyRequests<T extends WalletRequest>({
  useList,
  lists,
  userId,
  sent,
}: {
  useList: (filter: MyRequestsFilter) => UseQueryResult<Paged<T>>;
  /** The key of every page of this list. */
  lists: readonly unknown[];
  userId: string;
  sent: number;
}) {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('all');
  const list = useList({ userId, page, status });

  useEffect(() => {
    if (sent === 0) return;
    setPage(1);
    void client.invalidateQueries({ queryKey: lists });
  }, [sent]);

  const filter = (next: StatusFilter) => {
    setStatus(next);
    setPage(1);
  };
  return { page, setPage, status, filter, list };
}

export type MyRequests<T extends WalletRequest> = ReturnType<typeof useMyRequests<T>>;
