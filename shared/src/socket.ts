import type {
  FeedStatus,
  OrderBook,
  OrderBookEvent,
  Stats24h,
  Stats24hEvent,
  Tick,
  TickEvent,
  TickerEntry,
  TickerEvent,
} from './market.ts';
import { MSG } from './messages.ts';
import type { AdminCardsResponse } from './schemas/admin-stats.ts';
import type { CoinsChangedEvent } from './schemas/coins.ts';
import type { RiskExposure } from './schemas/risk.ts';
import type { TicketMessageEvent, TicketNewEvent, TicketUpdatedEvent } from './schemas/tickets.ts';
import type { BalanceEvent, TradePlacedEvent, TradeSettledEvent } from './schemas/trades.ts';
import type { TradingHaltState } from './schemas/trading-halt.ts';
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

/**
 * The rooms that carry staff data: a socket is in them only while its user has the staff
 * capability (a staff role with two-factor sign-in on). Losing it takes every socket of the
 * user out of all of them (the gateway's `app.sessions.staffLost`).
 */
export const staffRooms = (): string[] => [rooms.admins()];

export type Ack<T> = (reply: { ok: true; data: T } | { ok: false; error: string }) => void;

/** Why every session of a user ended (their tokens stopped working): the gateway's `app.sessions`. */
export const SESSION_END_REASONS = [
  'password_changed',
  'logged_out_everywhere',
  'banned',
  'role_changed',
  'password_set_by_admin',
  'password_reset',
  'two_factor_enabled',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** What the user reads when their sessions end, by reason. */
export const SESSION_ENDED_MESSAGES: Record<SessionEndReason, string> = {
  password_changed: MSG.sessionEndedPasswordChanged,
  logged_out_everywhere: MSG.sessionEndedEverywhere,
  banned: MSG.accountBanned,
  role_changed: MSG.sessionEndedRoleChanged,
  password_set_by_admin: MSG.sessionEndedPasswordSetByAdmin,
  password_reset: MSG.sessionEndedPasswordReset,
  two_factor_enabled: MSG.sessionEndedTwoFactorEnabled,
};

/** `session:ended`, to `user:{id}` just before the gateways disconnect that user's sockets. */
export type SessionEndedEvent = { reason: SessionEndReason; message: string };

export const sessionEndedEvent = (reason: SessionEndReason): SessionEndedEvent => ({
  reason,
  message: SESSION_ENDED_MESSAGES[reason],
});

export interface ServerToClientEvents {
  'market:tick': (tick: TickEvent) => void;
  'market:book': (book: OrderBookEvent) => void;
  'market:stats': (stats: Stats24hEvent) => void;
  ticker: (payload: TickerEvent) => void;
  'feed:status': (status: FeedStatus) => void;
  /** A coin was added, edited or removed: load the coin list again. To every socket. */
  'market:coins': (payload: CoinsChangedEvent) => void;
  /** A superadmin started or ended a trading halt: the halts standing now. To every socket. */
  'trading:halt': (payload: TradingHaltState) => void;
  // to user:{id}
  balance: (payload: BalanceEvent) => void;
  'trade:placed': (payload: TradePlacedEvent) => void;
  'trade:settled': (payload: TradeSettledEvent) => void;
  notification: (payload: NotificationEvent) => void;
  'topup:updated': (payload: TopupUpdatedEvent) => void;
  'withdrawal:updated': (payload: WithdrawalUpdatedEvent) => void;
  hold: (payload: HoldEvent) => void;
  /** The user's sessions ended (password change, log out everywhere, ban, ...): sign out, show `message`. */
  'session:ended': (payload: SessionEndedEvent) => void;
  /** A support ticket got a reply: to its user's room and to the admins room. */
  'ticket:message': (payload: TicketMessageEvent) => void;
  /** An admin set a ticket's status: to its user's room and to the admins room. */
  'ticket:updated': (payload: TicketUpdatedEvent) => void;
  // to admins
  /** A user opened a support ticket. */
  'ticket:new': (payload: TicketNewEvent) => void;
  'admin:badges': (payload: AdminBadges) => void;
  /** The dashboard's counts, when a periodic recount changed them. */
  'admin:stats': (payload: AdminCardsResponse) => void;
  /** Open exposure of running real trades, sent when it changes (gateway/src/features/risk). */
  'admin:exposure': (payload: RiskExposure) => void;
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

/**
 * What the gateway keeps on a socket: its user (null: anonymous), their role, when the token it
 * signed in with expires (ms since the epoch; null: anonymous or no `exp`), and whether it joined
 * the staff rooms at its handshake (staff with two-factor sign-in on). Only the handshake's
 * verdict: afterwards the rooms it is in decide, which it leaves when the capability is lost.
 */
export type SocketData = {
  userId: string | null;
  role: string | null;
  expiresAt: number | null;
  admins: boolean;
};

/** Gateways talk to each other only through the Redis adapter: no events of their own. */
export type InterServerEvents = Record<never, never>;

/** How many `market:{SYMBOL}` rooms one socket may be in at once. */
export const MAX_MARKET_SUBSCRIPTIONS = 25;

/**
 * Pub/sub channel of a deployment (its REDIS_PREFIX in front) for events to user rooms in
 * bulk: a worker publishes many events in one message, and every gateway delivers each to its
 * own sockets in the room. Settlement uses it, so the trades of one expiry go out as a few
 * messages rather than one Socket.IO emitter packet each. Gateways publish their trade events
 * the same way (`app.userEvents`). Best effort like every push: the database is the record.
 *
 * A message is one line per event: the user's id, a tab, and the event as the Socket.IO packet
 * its sockets receive (protocol 5, main namespace: `2["trade:settled",{...}]`, what
 * `io.to(room).emit(event, data)` would send). The publisher encodes each event once, and a
 * gateway can write the packet to the user's sockets as it is
 * (gateway/src/realtime/room-delivery.ts).
 */
export const userEventsChannel = (redisPrefix: string) => `${redisPrefix}socket:user-events`;

/** Events per message: a burst goes out as a few messages a gateway can start on, not one huge one. */
export const USER_EVENTS_PER_MESSAGE = 100;

/** Events that may travel on `userEventsChannel()`. */
export type BulkUserEventName = 'trade:placed' | 'trade:settled' | 'balance' | 'notification';

/** One event of a bulk message, for the room of `userId`. */
export type BulkUserEvent = {
  [E in BulkUserEventName]: { userId: string; event: E; data: Parameters<ServerToClientEvents[E]>[0] };
}[BulkUserEventName];

/** One event of a bulk message as it travels: the packet is ready to write to a socket. */
export type EncodedUserEvent = { userId: string; event: BulkUserEventName; packet: string };

const BULK_USER_EVENT_NAMES: readonly BulkUserEventName[] = [
  'trade:placed',
  'trade:settled',
  'balance',
  // Admin broadcasts: one notification to each of many users.
  'notification',
];
/** What a packet of each event starts with: EVENT (2) on `/`, then the JSON array's first item. */
const PACKET_PREFIXES = BULK_USER_EVENT_NAMES.map((event) => ({
  event,
  prefix: `2[${JSON.stringify(event)},`,
}));

/** The Socket.IO packet (protocol 5) of an event without acknowledgement on the main namespace. */
export function eventPacket(event: string, data: unknown): string {
  return `2${JSON.stringify([event, data])}`;
}

/** The data of a packet `eventPacket` encoded. */
export function eventPacketData(packet: string): unknown {
  return (JSON.parse(packet.slice(1)) as [string, unknown])[1];
}

/** One message on `userEventsChannel()`. A user id holds no tab or line break (they are uuids). */
export function encodeUserEvents(events: readonly BulkUserEvent[]): string {
  let message = '';
  for (const e of events) {
    if (e.userId === '' || /[\t\n]/.test(e.userId))
      throw new Error(`not a user id: ${JSON.stringify(e.userId)}`);
    // JSON.stringify escapes line breaks inside strings: a packet is one line.
    message += `${message === '' ? '' : '\n'}${e.userId}\t${eventPacket(e.event, e.data)}`;
  }
  return message;
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
 * The events of a message on `userEventsChannel()`, in order. A line that is not a user id, a
 * tab and the packet of a known event with an object is dropped (counted in `dropped`); the
 * packet's JSON is not parsed here (its publisher encoded it), only its frame is checked.
 */
export function decodeUserEvents(message: string): { events: EncodedUserEvent[]; dropped: number } {
  const events: EncodedUserEvent[] = [];
  let dropped = 0;
  for (const line of message.split('\n')) {
    const tab = line.indexOf('\t');
    const packet = line.slice(tab + 1);
    const known = tab > 0 ? PACKET_PREFIXES.find((p) => packet.startsWith(p.prefix)) : undefined;
    if (known && packet.charCodeAt(known.prefix.length) === 0x7b /* { */ && packet.endsWith('}]')) {
      events.push({ userId: line.slice(0, tab), event: known.event, packet });
    } else dropped++;
  }
  return { events, dropped };
}

/**
 * Deliver a message of `userEventsChannel()`: `send(room, event)` for each event, in order.
 * Returns how many lines were dropped as malformed.
 */
export function dispatchUserEvents(
  message: string,
  send: (room: string, event: EncodedUserEvent) => void,
): number {
  const { events, dropped } = decodeUserEvents(message);
  for (const e of events) send(rooms.user(e.userId), e);
  return dropped;
}
