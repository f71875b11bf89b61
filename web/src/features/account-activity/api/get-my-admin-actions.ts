import { myAdminActionsResponseSchema } from '@app/shared';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api.ts';
import type { Realtime } from '../../../lib/realtime/realtime.ts';
import { realtime } from '../../../lib/socket.ts';

export type MyAdminActionsQuery = { page: number; limit: number };

export const accountActivityKeys = {
  lists: () => ['account-activity'] as const,
  list: (query: MyAdminActionsQuery) => [...accountActivityKeys.lists(), query] as const,
};

/** GET /api/user/me/admin-actions */
export function getMyAdminActions(query: MyAdminActionsQuery, signal?: AbortSignal) {
  return api('/api/user/me/admin-actions', myAdminActionsResponseSchema, { query: { ...query }, signal });
}

export function useMyAdminActions(query: MyAdminActionsQuery) {
  return useQuery({
    queryKey: accountActivityKeys.list(query),
    queryFn: ({ signal }) => getMyAdminActions(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * An admin's action on the account reaches the user as a notification or a balance change
 * (a decision, a hold, a cancelled trade, an adjustment): either one fetches the list again.
 */
export function connectAccountActivity(source: Pick<Realtime, 'on'>, client: QueryClient): () => void {
  const stale = () => void client.invalidateQueries({ queryKey: accountActivityKeys.lists() });
  const offs = [source.on('notification', stale), source.on('balance', stale), source.on('hold', stale)];
  return () => {
    for (const off of offs) off();
  };
}

export function useLiveAccountActivity(): void {
  const client = useQueryClient();
  useEffect(() => connectAccountActivity(realtime, client), [client]);
}
