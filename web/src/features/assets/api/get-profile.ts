import { useEffect, useState } from 'react';
import { isAbort } from '../../../lib/api.ts';
import { getMe, useSession } from '../../../lib/session/index.ts';

/**
 * GET /api/auth/me when a wallet page opens: the saved bank details and the hold are read
 * fresh into the session. `error` when that answer did not come (the page keeps what the
 * session had).
 */
export function useFreshProfile(): { loading: boolean; error: unknown } {
  const userId = useSession((s) => s.user?.id);
  const [state, setState] = useState<{ loading: boolean; error: unknown }>({ loading: true, error: null });
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setState({ loading: true, error: null });
    getMe(controller.signal)
      .then((user) => {
        if (controller.signal.aborted || useSession.getState().user?.id !== user.id) return;
        useSession.getState().setUser(user);
        setState({ loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState({ loading: false, error });
      });
    return () => controller.abort();
  }, [userId]);
  return state;
}
