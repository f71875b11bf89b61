import { adminKeys } from '../../../lib/query/index.ts';

/**
 * Under the admin root, apart from the user's order tables (tradeKeys): the socket sync
 * rewrites those with the signed-in user's own trades, which this log is not.
 */
export const tradeLogKeys = {
  lists: () => [...adminKeys.all, 'trade-log'] as const,
  list: (filter: object) => [...tradeLogKeys.lists(), filter] as const,
};
