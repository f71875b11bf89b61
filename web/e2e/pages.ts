/**
 * Every route of the web app's router (web/src/app/routes.tsx) by its full pattern, with the
 * concrete addresses the accessibility run opens for it and the sweeps that open them. A unit
 * test (web/src/app/routes.test.tsx) fails when a route of the router is missing here, so a
 * new page cannot be left out of the run.
 */

/** Who a sweep is signed in as. */
export type Sweep = 'signed out' | 'user' | 'admin' | 'superadmin';

/** The lived-in data a parameterised page is opened with. */
export type PageIds = {
  settledTradeId: string;
  runningTradeId: string;
  withdrawalId: string;
  verifyEmailPath: string;
  resetPasswordPath: string;
};

export type RoutePage =
  /** A page: the addresses that open it (the pattern itself unless given), in these sweeps. */
  | { sweeps: Sweep[]; urls?: (ids: PageIds, sweep: Sweep) => string[] }
  /** A route that only sends on to another (listed) pattern: its target is swept. */
  | { redirectsTo: string };

export const ROUTE_PAGES: Record<string, RoutePage> = {
  '/': { redirectsTo: '/home' },
  '/home': { sweeps: ['signed out', 'user'] },
  '/login': { sweeps: ['signed out'] },
  '/register': { sweeps: ['signed out'] },
  '/forgot-password': { sweeps: ['signed out'] },
  '/reset-password': { sweeps: ['signed out'], urls: (ids) => [ids.resetPasswordPath] },
  '/verify-email': { sweeps: ['signed out'], urls: (ids) => [ids.verifyEmailPath] },
  '/market': { sweeps: ['signed out', 'user'] },
  '/trade': { redirectsTo: '/trade/:pair' },
  '/trade/:pair': { sweeps: ['signed out', 'user'], urls: () => ['/trade/BTC-INR'] },
  '/about': { sweeps: ['signed out'] },
  '/announcements': { sweeps: ['signed out'] },
  '/privacy': { sweeps: ['signed out'] },
  '/terms': { sweeps: ['signed out'] },
  '/rules': { sweeps: ['signed out'] },
  '/support': { sweeps: ['signed out', 'user'] },
  '/orders/:id?': {
    sweeps: ['signed out', 'user'],
    // The receipts are the user's own trades.
    urls: (ids, sweep) =>
      sweep === 'user'
        ? ['/orders', `/orders/${ids.settledTradeId}`, `/orders/${ids.runningTradeId}`]
        : ['/orders'],
  },
  '/assets': { sweeps: ['user'] },
  '/assets/topup': { sweeps: ['user'] },
  '/assets/withdraw': { sweeps: ['user'] },
  '/assets/records': { sweeps: ['user'] },
  '/account': { sweeps: ['user', 'admin'] },
  '/two-factor-setup': { sweeps: ['user'] },
  '/notifications': { sweeps: ['user'] },
  '/app-panel': { redirectsTo: '/app-panel/dashboard' },
  '/app-panel/dashboard': { sweeps: ['admin', 'superadmin'] },
  '/app-panel/users': { sweeps: ['admin', 'superadmin'] },
  '/app-panel/coins': { sweeps: ['admin'] },
  '/app-panel/trade-log': { sweeps: ['admin'] },
  '/app-panel/trade-setting': { sweeps: ['admin'] },
  '/app-panel/risk': { sweeps: ['admin'] },
  '/app-panel/topups': { sweeps: ['admin'] },
  '/app-panel/withdrawals': { sweeps: ['admin'] },
  '/app-panel/withdrawals/:id': {
    sweeps: ['admin'],
    urls: (ids) => [`/app-panel/withdrawals/${ids.withdrawalId}`],
  },
  '/app-panel/referral-keys': { sweeps: ['admin'] },
  '/app-panel/login-history': { sweeps: ['admin'] },
  '/app-panel/audit': { sweeps: ['admin'] },
  '/app-panel/announcements': { sweeps: ['admin'] },
  '/app-panel/support/tickets': { sweeps: ['admin'] },
  '/app-panel/notifications/send': { sweeps: ['admin'] },
  '/app-panel/super': { sweeps: ['superadmin'] },
  '/app-panel/super/create-user': { sweeps: ['superadmin'] },
  '/app-panel/super/create-admin': { sweeps: ['superadmin'] },
  '/app-panel/super/site-settings': { sweeps: ['superadmin'] },
  '/app-panel/super/trading-halt': { sweeps: ['superadmin'] },
  '/*': { redirectsTo: '/home' },
};

/** The addresses a sweep opens, in the list's order. */
export function pagesOf(sweep: Sweep, ids: PageIds): string[] {
  return Object.entries(ROUTE_PAGES).flatMap(([pattern, page]) =>
    'sweeps' in page && page.sweeps.includes(sweep) ? (page.urls?.(ids, sweep) ?? [pattern]) : [],
  );
}
