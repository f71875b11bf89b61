import { MY_REQUESTS_PAGE_SIZE, type Topup, topupsResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';
import type { StatusFilter } from '../../../lib/status-filter.ts';
import type { Paged } from '../lib/use-paged.ts';

/** GET /api/topups/my?page&limit=5&status: my top-up requests, newest first. */
export async function getMyTopups(
  page: number,
  status: StatusFilter,
  signal?: AbortSignal,
): Promise<Paged<Topup>> {
  const body = await api<unknown>('/api/topups/my', {
    query: { page, limit: MY_REQUESTS_PAGE_SIZE, status: status === 'all' ? undefined : status },
    signal,
  });
  const parsed = topupsResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error('unexpected top-ups answer');
  return parsed.data;
}
