/**
 * Query keys of the admin users screen: the lists' pages share one root, so an edit refreshes
 * every page at once; a user's detail has its own key.
 */
export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (filter: { search: string; page: number }) => [...adminUserKeys.lists(), filter] as const,
  details: () => [...adminUserKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminUserKeys.details(), id] as const,
  /** Under the user's detail: a write that refreshes the user refreshes these too. */
  trades: (id: string, filter: object) => [...adminUserKeys.detail(id), 'trades', filter] as const,
  records: (id: string, filter: object) => [...adminUserKeys.detail(id), 'records', filter] as const,
};
