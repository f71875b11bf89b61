import { unreadCountResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { notificationKeys } from '../query/index.ts';
import { useSession } from '../session/index.ts';
import { NOTIFICATION_LOG } from './log.ts';

/** GET /api/notifications/unread-count */
export async function getUnreadCount(signal?: AbortSignal) {
  const { count } = await api('/api/notifications/unread-count', unreadCountResponseSchema, { signal });
  return count;
}

/**
 * The unread count of the signed-in user, as the server last reported it: the count answer,
 * every list answer, a read mark's answer and each `notification` event write it. Only the
 * header bell (`load`) asks for it; the lists read what is there. A failure is only logged.
 */
export function useUnreadCount({ load = false }: { load?: boolean } = {}) {
  const signedIn = useSession((s) => !!s.user);
  const query = useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) =>
      getUnreadCount(signal).catch((error: unknown) => {
        console.error(NOTIFICATION_LOG.count, error);
        throw error;
      }),
    enabled: signedIn && load,
  });
  return { count: signedIn ? (query.data ?? 0) : 0, refetch: query.refetch };
}
