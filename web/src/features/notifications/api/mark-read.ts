import { markReadResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/notifications/{id}/read (no body): the unread count after it, when the answer has it. */
export async function markRead(id: string): Promise<number | null> {
  const body = await api<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
  const parsed = markReadResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.unread : null;
}
