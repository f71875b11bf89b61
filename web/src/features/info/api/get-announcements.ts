import { announcementsResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { infoKeys } from '../../../lib/query/index.ts';

/** GET /api/announcements, newest first. */
export async function getAnnouncements(signal?: AbortSignal) {
  const { items } = await api('/api/announcements', announcementsResponseSchema, { signal });
  return items;
}

export function useAnnouncements() {
  return useQuery({ queryKey: infoKeys.announcements(), queryFn: ({ signal }) => getAnnouncements(signal) });
}
