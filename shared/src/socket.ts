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

/**
 * Pub/sub channel of a deployment (its REDIS_PREFIX in front) for events to user rooms in
 * bulk: a worker publishes many events in one message, and every gateway delivers each to its
 * own sockets in the room (`io.local`). Settlement uses it: a thousand trades expiring together
 * are a few messages instead of a thousand Socket.IO emitter packets, each encoded by the
 * worker and decoded by every gateway. Gateways publish their trade events the same way (`app.userEvents`), those of
 * up to 2 ms in one message. Best effort like every push: the database is the record.
 */
export const userEventsChannel = (redisPrefix: string) => `${redisPrefix}socket:user-events`;

/** Events per message: a burst goes out as a few messages a gateway can start on, not one huge one. */
export const USER_EVENTS_PER_MESSAGE = 100;

/** Events that may travel on `userEventsChannel()`. */
export type BulkUserEventName = 'trade:placed' | 'trade:settled' | 'balance';

/** One event of a bulk message, for the room of `userId`. */
export type BulkUserEvent = {
  [E in BulkUserEventName]: { userId: string; event: E; data: Parameters<ServerToClientEvents[E]>[0] };
}[BulkUserEventName];

const BULK_USER_EVENT_NAMES: ReadonlySet<string> = new Set<BulkUserEventName>([
  'trade:placed',
  'trade:settled',
  'balance',
]);

/** One message on `userEventsChannel()`. */
export function encodeUserEvents(events: readonly BulkUserEvent[]): string {
  return JSON.stringify(events);
}

/**
 * The messages that carry `events` on `userEventsChannel()`, in order, `perMessage` events
 * each; encoded one at a time as they are taken, so a publisher can send the first before it
 * encodes the rest.
 */
export function* userEventMessages(
  events: readonly BulkUserEvent[],
  perMessage = USER_EVENTS_PER_MESSAGE,
): Generator<string> {
  for (let i = 0; i < events.length; i += perMessage) yield encodeUserEvents(events.slice(i, i + perMessage));
}

/**
 * The events of a message on `userEventsChannel()`, in order; anything that is not a list of
 * `{ userId, event, data }` with a known event name is dropped (counted in `dropped`).
 */
export function decodeUserEvents(message: string): { events: BulkUserEvent[]; dropped: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return { events: [], dropped: 1 };
  }
  if (!Array.isArray(parsed)) return { events: [], dropped: 1 };
  const events: BulkUserEvent[] = [];
  let dropped = 0;
  for (const item of parsed as unknown[]) {
    const e = item as Partial<BulkUserEvent> | null;
    if (
      typeof e === 'object' &&
      e !== null &&
      typeof e.userId === 'string' &&
      e.userId !== '' &&
      typeof e.event === 'string' &&
      BULK_USER_EVENT_NAMES.has(e.event) &&
      typeof e.data === 'object' &&
      e.data !== null
    ) {
      events.push(e as BulkUserEvent);
    } else dropped++;
  }
  return { events, dropped };
}

/**
 * Deliver a message of `userEventsChannel()`: `emit(room, event, data)` for each event, in
 * order (a gateway passes its `io.local`, so nothing goes back through the adapter). Returns how
 * many items were dropped as malformed.
 */
export function dispatchUserEvents(
  message: string,
  emit: (room: string, event: BulkUserEvent) => void,
): number {
  const { events, dropped } = decodeUserEvents(message);
  for (const e of events) emit(rooms.user(e.userId), e);
  return dropped;
}
