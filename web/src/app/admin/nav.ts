import type { AdminBadges } from '@app/shared';

/** Sidebar entries: path under /app-panel, the admin.nav key of its title, and its pending-count badge. */
export interface AdminNavItem {
  path: string;
  key: string;
  badge?: keyof AdminBadges;
}

export const ADMIN_NAV: AdminNavItem[] = [
  { path: 'dashboard', key: 'dashboard' },
  { path: 'users', key: 'users' },
  { path: 'coins', key: 'coins' },
  { path: 'trade-log', key: 'tradeLog' },
  { path: 'trade-setting', key: 'tradeSetting' },
  { path: 'risk', key: 'risk' },
  { path: 'topups', key: 'topups', badge: 'pendingTopups' },
  { path: 'withdrawals', key: 'withdrawals', badge: 'pendingWithdrawals' },
  { path: 'referral-keys', key: 'referralKeys' },
  { path: 'login-history', key: 'loginHistory' },
  { path: 'audit', key: 'audit' },
  { path: 'announcements', key: 'announcements' },
  { path: 'support/tickets', key: 'tickets' },
  { path: 'notifications/send', key: 'notifications' },
];

export const SUPER_NAV: AdminNavItem[] = [
  { path: 'super', key: 'overview' },
  { path: 'super/create-user', key: 'createUser' },
  { path: 'super/create-admin', key: 'createAdmin' },
  { path: 'super/site-settings', key: 'siteSettings' },
  { path: 'super/trading-halt', key: 'tradingHalt' },
];
