import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionKeys } from '../../../lib/query/index.ts';
import { getMe, useSession } from '../../../lib/session/index.ts';

/**
 * GET /api/auth/me when a wallet page opens: the saved bank details and the hold are read
 * fresh into the session. `error` when that answer did not come (the page keeps what the
 * session had).
 */
export function useFreshProfile() {
  const userId = useSession((s) => s.user?.id);
  const query = useQuery({
    queryKey: sessionKeys.me(userId),
    queryFn: ({ signal }) => getMe(signal),
    enabled: !!userId,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const { data } = query;
  useEffect(() => {
    if (data && useSession.getState().user?.id === data.id) useSession.getState().setUser(data);
  }, [data]);
  return { loading: query.isFetching, error: query.error };
}
