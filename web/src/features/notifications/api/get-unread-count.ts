import { unreadCountResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/notifications/unread-count */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const parsed = unreadCountResponseSchema.safeParse(
    await api<unknown>('/api/notifications/unread-count', { signal }),
  );
  if (!parsed.success) throw new Error('unexpected unread count answer');
  return parsed.data.count;
}
