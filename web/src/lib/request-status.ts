import type { WalletRequestStatus } from '@app/shared';
import type { StatusFilter } from './status-filter.ts';

/** Whether a request belongs in a list filtered by `filter`. */
export function matchesFilter(status: WalletRequestStatus, filter: StatusFilter): boolean {
  return filter === 'all' || filter === status;
}

/**
 * A live update applied to the page on screen: a request already listed is replaced where it
 * is. Returns null when the page has to be loaded again instead (a new request, or one that
 * no longer matches the filter), so totals and paging stay right.
 */
export function patchPage<T extends { id: string; status: WalletRequestStatus }>(
  items: T[],
  next: T,
  filter: StatusFilter,
): T[] | null {
  if (!items.some((x) => x.id === next.id) || !matchesFilter(next.status, filter)) return null;
  return items.map((x) => (x.id === next.id ? next : x));
}
