import type { PublicUser } from '@app/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session/index.ts';

interface RequireAuthProps {
  /** Who may enter; anyone signed in when absent. */
  allow?: (user: PublicUser) => boolean;
  /** Where a signed-in user who is not allowed goes. */
  denied?: string;
}

/**
 * No user: to /login, remembering where they were going. A user without the needed role:
 * to `denied`. Neither shows a message.
 */
export function RequireAuth({ allow, denied = '/home' }: RequireAuthProps) {
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (!user) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (allow && !allow(user)) return <Navigate to={denied} replace />;
  return <Outlet />;
}
