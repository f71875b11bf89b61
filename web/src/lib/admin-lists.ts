import type { RequestUser } from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { realtime, useConnection } from './socket.ts';

/** Who asked, on the admin request lists: first and last name, else the username. */
export function requesterName(user: RequestUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/**
 * The reload key of an admin request list: it changes when `admin:badges` says a request
 * arrived or was decided, after a reconnect, and on `refresh` (a Refresh button, a decision).
 */
export function useAdminListRefresh(): { refreshKey: number; refresh: () => void } {
  const [changes, setChanges] = useState(0);
  const reconnects = useConnection((s) => s.reconnects);
  const refresh = useCallback(() => setChanges((n) => n + 1), []);
  useEffect(() => realtime.on('admin:badges', refresh), [refresh]);
  return { refreshKey: changes + reconnects, refresh };
}
