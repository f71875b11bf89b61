import type { FeedStatus, OrderBook, Stats24h, Tick, TickerEntry } from './market.ts';
import type { BalanceEvent, TradePlacedEvent, TradeSettledEvent } from './schemas/trades.ts';
import type {
  AdminBadges,
  HoldEvent,
  NotificationEvent,
  TopupUpdatedEvent,
  WithdrawalUpdatedEvent,
} from './schemas/wallet.ts';

/** Room names: built here only, never as string literals elsewhere. */
export const rooms = {
  ticker: () => 'ticker',
  market: (symbol: string) => `market:${symbol.toUpperCase()}`,
  user: (userId: string) => `user:${userId}`,
  admins: () => 'admins',
} as const;

export type Ack<T> = (reply: { ok: true; data: T } | { ok: false; error: string }) => void;

export interface ServerToClientEvents {
  'market:tick': (tick: Tick) => void;
  'market:book': (book: OrderBook) => void;
  'market:stats': (stats: Stats24h) => void;
  ticker: (payload: { coins: TickerEntry[]; ts: number }) => void;
  'feed:status': (status: FeedStatus) => void;
  // to user:{id}
  balance: (payload: BalanceEvent) => void;
  'trade:placed': (payload: TradePlacedEvent) => void;
  'trade:settled': (payload: TradeSettledEvent) => void;
  notification: (payload: NotificationEvent) => void;
  'topup:updated': (payload: TopupUpdatedEvent) => void;
  'withdrawal:updated': (payload: WithdrawalUpdatedEvent) => void;
  hold: (payload: HoldEvent) => void;
  // to admins
  'admin:badges': (payload: AdminBadges) => void;
}

export interface ClientToServerEvents {
  subscribe: (
    payload: { symbol: string },
    ack: Ack<{ room: string; tick: Tick | null; book: OrderBook | null; stats: Stats24h | null }>,
  ) => void;
  unsubscribe: (payload: { symbol: string }, ack: Ack<{ room: string }>) => void;
  'ticker:subscribe': (ack: Ack<{ room: string; coins: TickerEntry[] }>) => void;
  'ticker:unsubscribe': (ack: Ack<{ room: string }>) => void;
}

export type SocketData = { userId: string | null; role: string | null };

/** Gateways talk to each other only through the Redis adapter: no events of their own. */
export type InterServerEvents = Record<never, never>;

/** How many `market:{SYMBOL}` rooms one socket may be in at once. */
export const MAX_MARKET_SUBSCRIPTIONS = 25;
