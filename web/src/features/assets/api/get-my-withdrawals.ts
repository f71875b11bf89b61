import { MY_REQUESTS_PAGE_SIZE, type Withdrawal, withdrawalsResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';
import type { StatusFilter } from '../../../lib/status-filter.ts';
import type { Paged } from '../lib/use-paged.ts';

/** GET /api/withdrawals/my?page&limit=5&status: my withdrawal requests, newest first. */
export async function getMyWithdrawals(
  page: number,
  status: StatusFilter,
  signal?: AbortSignal,
): Promise<Paged<Withdrawal>> {
  const body = await api<unknown>('/api/withdrawals/my', {
    query: { page, limit: MY_REQUESTS_PAGE_SIZE, status: status === 'all' ? undefined : status },
    signal,
  });
  const parsed = withdrawalsResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error('unexpected withdrawals answer');
  return parsed.data;
}
