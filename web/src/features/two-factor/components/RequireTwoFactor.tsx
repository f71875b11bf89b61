import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTwoFactorStatus } from '../api/two-factor.ts';

/**
 * The admin panel for staff with two-factor sign-in on; one without it is sent to its setup
 * (the gateway refuses their staff requests anyway, with the same message).
 */
export function RequireTwoFactor({ children }: { children: ReactNode }) {
  const status = useTwoFactorStatus();
  if (status.data?.required && !status.data.enabled) return <Navigate to="/two-factor-setup" replace />;
  return children;
}
