/**
 * Query keys of the server state, one factory per resource. Each key starts with its resource,
 * and a list's key ends with its filter object, so a socket event reaches every page of a list
 * at once. They live in lib rather than in the features because the socket sync
 * (cache-sync.ts) writes into them, and lib imports no feature.
 */

export const sessionKeys = {
  all: ['session'] as const,
  me: (userId: string | undefined) => [...sessionKeys.all, 'me', userId] as const,
};

export const tradeKeys = {
  all: ['trades'] as const,
  lists: () => [...tradeKeys.all, 'list'] as const,
  list: (filter: object) => [...tradeKeys.lists(), filter] as const,
  recent: () => [...tradeKeys.all, 'recent'] as const,
  detail: (id: string) => [...tradeKeys.all, 'detail', id] as const,
  settings: () => ['trade-settings'] as const,
};

export const walletKeys = {
  all: ['wallet'] as const,
  activity: () => [...walletKeys.all, 'activity'] as const,
  transactionLists: () => [...walletKeys.all, 'transactions'] as const,
  transactions: (filter: object) => [...walletKeys.transactionLists(), filter] as const,
};

export const topupKeys = {
  all: ['topups'] as const,
  mineLists: () => [...topupKeys.all, 'mine'] as const,
  mine: (filter: object) => [...topupKeys.mineLists(), filter] as const,
  adminLists: () => [...topupKeys.all, 'admin'] as const,
  admin: (filter: object) => [...topupKeys.adminLists(), filter] as const,
};

/** A voucher image never changes once uploaded. */
export const voucherKeys = {
  image: (url: string) => ['vouchers', url] as const,
};

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  mineLists: () => [...withdrawalKeys.all, 'mine'] as const,
  mine: (filter: object) => [...withdrawalKeys.mineLists(), filter] as const,
  adminLists: () => [...withdrawalKeys.all, 'admin'] as const,
  admin: (filter: object) => [...withdrawalKeys.adminLists(), filter] as const,
  details: () => [...withdrawalKeys.all, 'detail'] as const,
  detail: (id: string) => [...withdrawalKeys.details(), id] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filter: { limit: number; page?: number }) => [...notificationKeys.lists(), filter] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  badges: () => [...adminKeys.all, 'badges'] as const,
  cards: () => [...adminKeys.all, 'cards'] as const,
  logins: (filter: object) => [...adminKeys.all, 'logins', filter] as const,
  referralKeyLists: () => [...adminKeys.all, 'referral-keys'] as const,
  referralKeys: (filter: object) => [...adminKeys.referralKeyLists(), filter] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  siteSettings: () => [...adminKeys.all, 'site-settings'] as const,
  riskLimits: () => [...adminKeys.all, 'risk-limits'] as const,
  exposure: () => [...adminKeys.all, 'exposure'] as const,
  tradingHalt: () => [...adminKeys.all, 'trading-halt'] as const,
};

export const marketKeys = {
  all: ['market'] as const,
  usdtInr: () => [...marketKeys.all, 'usdt-inr'] as const,
  candles: (symbol: string, interval: string, limit: number) =>
    [...marketKeys.all, 'candles', symbol, interval, limit] as const,
};

export const infoKeys = {
  announcements: () => ['announcements'] as const,
  site: () => ['site'] as const,
  /** The trading halts standing now (public; the `trading:halt` event writes it). */
  tradingHalt: () => ['trading-halt'] as const,
};
