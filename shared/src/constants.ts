/** Business constants from the specification (user-side §9, admin-side §9). */
export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = ['en', 'fr', 'de', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const COUNTRY = 'India';
export const DEFAULT_CURRENCY = 'INR';
export const DEFAULT_SITE_TITLE = 'CoinPulse';
export const DEFAULT_PAIR = 'BTC-INR';
export const DEFAULT_COIN = 'BTC';
export const DEFAULT_USDT_INR = 83.4;

export const REFERRAL_KEY_LENGTH = 8;
export const REFERRAL_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const DEFAULT_REFERRAL_MAX_USES = 1;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_ADMIN_PAGE_SIZE = 20;

export const PASSWORD_MIN = 6;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const REPUTATION_MAX = 100;
/** Points given by the once-a-day visit reward. */
export const VISIT_REWARD_POINTS = 1;

export const TIMINGS = {
  signupModalCloseMs: 800,
  signupRedirectMs: 700,
  modalCloseAfterSaveMs: 600,
  toastMs: 3000,
  bannerRotateMs: 4000,
  bannerScrollDebounceMs: 120,
  marketRefreshMs: 60_000,
  ticketSearchDebounceMs: 180,
} as const;

export const BREAKPOINTS = { main: 1024, account: 900 } as const;

export const TRADE_UNITS = ['Seconds', 'Minutes', 'Hours'] as const;
export type TradeUnit = (typeof TRADE_UNITS)[number];
export const TRADE_UNIT_SECONDS: Record<TradeUnit, number> = { Seconds: 1, Minutes: 60, Hours: 3600 };

export const DEVICE_TYPES = ['mobile', 'desktop', 'tablet', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * The 20 coins named in the user-side spec, in display order. `marketSymbol` is the exchange
 * pair a coin is priced from when it is not `{symbol}USDT` (Binance delisted MATICUSDT after
 * Polygon's MATIC became POL).
 */
export const COINS: ReadonlyArray<{ symbol: string; name: string; marketSymbol?: string }> = [
  { symbol: 'BTC', name: 'Bitcoin' },
  { symbol: 'ETH', name: 'Ethereum' },
  { symbol: 'BNB', name: 'BNB' },
  { symbol: 'SOL', name: 'Solana' },
  { symbol: 'XRP', name: 'XRP' },
  { symbol: 'DOGE', name: 'Dogecoin' },
  { symbol: 'ADA', name: 'Cardano' },
  { symbol: 'AVAX', name: 'Avalanche' },
  { symbol: 'LINK', name: 'Chainlink' },
  { symbol: 'TRX', name: 'TRON' },
  { symbol: 'DOT', name: 'Polkadot' },
  { symbol: 'MATIC', name: 'Polygon', marketSymbol: 'POLUSDT' },
  { symbol: 'SHIB', name: 'Shiba Inu' },
  { symbol: 'LTC', name: 'Litecoin' },
  { symbol: 'BCH', name: 'Bitcoin Cash' },
  { symbol: 'UNI', name: 'Uniswap' },
  { symbol: 'ICP', name: 'Internet Computer' },
  { symbol: 'FIL', name: 'Filecoin' },
  { symbol: 'ATOM', name: 'Cosmos' },
  { symbol: 'ETC', name: 'Ethereum Classic' },
];

/** Trade durations seeded on a fresh database: time, unit, payout percent. */
export const DEFAULT_TRADE_SETTINGS: ReadonlyArray<{ time: number; unit: TradeUnit; payoutPercent: number }> =
  [
    { time: 20, unit: 'Seconds', payoutPercent: 20 },
    { time: 40, unit: 'Seconds', payoutPercent: 40 },
    { time: 60, unit: 'Seconds', payoutPercent: 60 },
  ];

/* ---- Money: ledger and trades --------------------------------------------------------------- */

/** The two balances every user has: real money, and practice money that never mixes with it. */
export const MONEY_ACCOUNTS = ['real', 'practice'] as const;
export type MoneyAccount = (typeof MONEY_ACCOUNTS)[number];

/** Every practice account opens with, and resets to, Rs 1,00,000. */
export const PRACTICE_OPENING_BALANCE_RUPEES = 100_000;
export const PRACTICE_OPENING_BALANCE_PAISE = 10_000_000n;

/**
 * Bill types: the `type` of every ledger entry, as Financial Records filters them.
 * The spec's trade_profit / trade_loss are not stored types: a trade debits its stake
 * (trade_stake) when placed and credits stake + profit (trade_payout) when won, or the stake
 * back (trade_refund) on a draw, void or cancellation; a loss credits nothing.
 * opening_balance carries balances that existed before the ledger.
 */
export const BILL_TYPES = [
  'trade_stake',
  'trade_payout',
  'trade_refund',
  'practice_reset',
  'recharge',
  'withdrawal',
  'withdrawal_return',
  'admin_adjustment',
  'opening_balance',
] as const;
export type BillType = (typeof BILL_TYPES)[number];

export const TRADE_DIRECTIONS = ['up', 'down'] as const;
export type TradeDirection = (typeof TRADE_DIRECTIONS)[number];

/** running, then exactly one final state; a final state never changes. */
export const TRADE_STATUSES = ['running', 'won', 'lost', 'draw', 'void', 'cancelled'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export const FINAL_TRADE_STATUSES = ['won', 'lost', 'draw', 'void', 'cancelled'] as const;
