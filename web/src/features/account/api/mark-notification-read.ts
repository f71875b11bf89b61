import { markReadResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';

/** POST /api/notifications/{id}/read (no body); the header's count follows the answer. Failures are logged. */
export async function markNotificationRead(id: string): Promise<boolean> {
  try {
    const body = await api<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
    const parsed = markReadResponseSchema.safeParse(body);
    if (parsed.success) useUnreadNotifications.getState().setCount(parsed.data.unread);
    return true;
  } catch (error) {
    console.error('Failed to mark read', error);
    return false;
  }
}
