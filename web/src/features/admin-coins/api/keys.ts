import { adminKeys } from '../../../lib/query/index.ts';

/** Under the admin root, so a reconnect's refresh of the admin screens includes them. */
export const coinKeys = {
  lists: () => [...adminKeys.all, 'coins'] as const,
  list: (filter: { q: string; page: number }) => [...coinKeys.lists(), filter] as const,
};
