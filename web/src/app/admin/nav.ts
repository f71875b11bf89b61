/** Sidebar entries: path under /app-panel and the admin.nav key of its title. */
export interface AdminNavItem {
  path: string;
  key: string;
}

export const ADMIN_NAV: AdminNavItem[] = [
  { path: 'dashboard', key: 'dashboard' },
  { path: 'users', key: 'users' },
  { path: 'coins', key: 'coins' },
  { path: 'trade-log', key: 'tradeLog' },
  { path: 'trade-setting', key: 'tradeSetting' },
  { path: 'topups', key: 'topups' },
  { path: 'withdrawals', key: 'withdrawals' },
  { path: 'referral-keys', key: 'referralKeys' },
  { path: 'login-history', key: 'loginHistory' },
  { path: 'support/tickets', key: 'tickets' },
  { path: 'notifications/send', key: 'notifications' },
];

export const SUPER_NAV: AdminNavItem[] = [
  { path: 'super', key: 'overview' },
  { path: 'super/create-user', key: 'createUser' },
  { path: 'super/create-admin', key: 'createAdmin' },
  { path: 'super/site-settings', key: 'siteSettings' },
];
