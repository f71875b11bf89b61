import { markReadResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';

/** POST /api/notifications/read-all (no body); the header's count follows the answer. Failures are logged. */
export async function markAllNotificationsRead(): Promise<boolean> {
  try {
    const body = await api<unknown>('/api/notifications/read-all', { method: 'POST' });
    const parsed = markReadResponseSchema.safeParse(body);
    useUnreadNotifications.getState().setCount(parsed.success ? parsed.data.unread : 0);
    return true;
  } catch (error) {
    console.error('Failed to mark all read', error);
    return false;
  }
}
