import { unreadCountResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/notifications/unread-count */
export async function getUnreadCount(signal?: AbortSignal) {
  const { count } = await api('/api/notifications/unread-count', unreadCountResponseSchema, { signal });
  return count;
}
