import { type Notification as AppNotification, markReadResponseSchema } from '@app/shared';
import { api } from '../api.ts';

/** POST /api/notifications/{id}/read (no body): the unread count after it. */
export async function markRead(id: string): Promise<number> {
  const { unread } = await api(`/api/notifications/${encodeURIComponent(id)}/read`, markReadResponseSchema, {
    method: 'POST',
  });
  return unread;
}

/** The list on screen with one notification (`id`), or all of them (`null`), marked read or unread. */
export function withRead(items: AppNotification[], id: string | null, read: boolean): AppNotification[] {
  return items.map((n) => (id === null || n.id === id ? { ...n, read } : n));
}
