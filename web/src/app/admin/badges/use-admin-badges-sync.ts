import { useEffect } from 'react';
import { realtime, useConnection } from '../../../lib/socket.ts';
import { useAdminBadges } from './badges-store.ts';
import { getAdminBadges } from './get-admin-badges.ts';

/**
 * Keeps the badge counts current while the admin panel is open: loaded on mount and after
 * every reconnect (events may have been missed), then live from `admin:badges`. No polling.
 */
export function useAdminBadgesSync(): void {
  const reconnects = useConnection((s) => s.reconnects);

  useEffect(() => realtime.on('admin:badges', (payload) => useAdminBadges.getState().receive(payload)), []);

  useEffect(() => {
    const controller = new AbortController();
    const startedAt = useAdminBadges.getState().version;
    getAdminBadges(controller.signal)
      .then((badges) => {
        if (!controller.signal.aborted) useAdminBadges.getState().loaded(badges, startedAt);
      })
      .catch(() => {
        // A badge is a hint: the lists themselves say when they cannot load.
      });
    return () => controller.abort();
  }, [reconnects]);
}
