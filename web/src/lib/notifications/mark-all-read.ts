import { markReadResponseSchema } from '@app/shared';
import { api } from '../api.ts';

/** POST /api/notifications/read-all (no body): the unread count after it, when the answer has it. */
export async function markAllRead(): Promise<number | null> {
  const body = await api<unknown>('/api/notifications/read-all', { method: 'POST' });
  const parsed = markReadResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.unread : null;
}
