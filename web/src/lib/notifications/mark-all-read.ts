import { markReadResponseSchema } from '@app/shared';
import { api } from '../api.ts';

/** POST /api/notifications/read-all (no body): the unread count after it. */
export async function markAllRead(): Promise<number> {
  const { unread } = await api('/api/notifications/read-all', markReadResponseSchema, { method: 'POST' });
  return unread;
}
