import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

export interface Announcement {
  id: string;
  title: string;
  body: string;
  time: string | null;
}

function toAnnouncement(raw: unknown, index: number): Announcement | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const title = typeof r.title === 'string' ? r.title : '';
  if (!title) return null;
  const time = r.time ?? r.createdAt;
  return {
    id: String(r.id ?? r._id ?? index),
    title,
    body: typeof r.body === 'string' ? r.body : '',
    time: typeof time === 'string' ? time : null,
  };
}

/** GET /api/announcements: `rows`, `items` or a bare array. */
export async function getAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  const data = await api<unknown>('/api/announcements', { signal });
  const list = Array.isArray(data)
    ? data
    : ((data as { rows?: unknown[]; items?: unknown[] } | null)?.rows ??
      (data as { items?: unknown[] } | null)?.items ??
      []);
  return list.map(toAnnouncement).filter((a): a is Announcement => a !== null);
}

export function useAnnouncements() {
  return useQuery((signal) => getAnnouncements(signal), []);
}
