import { type Notification as AppNotification, markReadResponseSchema } from '@app/shared';
import { api } from '../api.ts';

/** POST /api/notifications/{id}/read (no body): the unread count after it, when the answer has it. */
export async function markRead(id: string): Promise<number | null> {
  const body = await api<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
  const parsed = markReadResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.unread : null;
}

/** The list on screen with one notification (`id`), or all of them (`null`), marked read or unread. */
export function withRead(items: AppNotification[], id: string | null, read: boolean): AppNotification[] {
  return items.map((n) => (id === null || n.id === id ? { ...n, read } : n));
}
