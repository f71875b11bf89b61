import { type Ack, MARKET_MSG, MAX_MARKET_SUBSCRIPTIONS, MSG, rooms } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketService } from '../features/market/market.service.ts';
import type { MarketFanout } from './market-fanout.ts';
import type { IoSocket } from './types.ts';

type Reply<T> = { ok: true; data: T } | { ok: false; error: string };

/** Answer through the ack when the client asked for one (a client may emit without it). */
function answer<T>(ack: Ack<T> | undefined, reply: Reply<T>): void {
  if (typeof ack === 'function') ack(reply);
}

/** `{ symbol: 'btc' }` → 'BTC'; anything else → null. */
function symbolOf(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object' || !('symbol' in payload)) return null;
  const { symbol } = payload;
  if (typeof symbol !== 'string') return null;
  const s = symbol.trim().toUpperCase();
  return s.length > 0 && s.length <= 20 ? s : null;
}

/**
 * Market client events of one socket: subscribe/unsubscribe to `market:{SYMBOL}` and to
 * `ticker`. Every event is validated and acknowledged; a failure never escapes the handler.
 */
export function registerMarketHandlers(
  socket: IoSocket,
  market: MarketService,
  fanout: MarketFanout,
  log: FastifyBaseLogger,
) {
  /** The market rooms this socket is in, to cap them. */
  const markets = new Set<string>();

  /** Run a handler and acknowledge its reply; an unexpected failure acks a generic error. */
  const respond = <T>(ack: Ack<T> | undefined, run: () => Promise<Reply<T>>): void => {
    run().then(
      (reply) => answer(ack, reply),
      (err: unknown) => {
        log.error({ err, socketId: socket.id }, 'socket event failed');
        answer(ack, { ok: false, error: MSG.serverError });
      },
    );
  };

  socket.on('subscribe', (payload, ack) =>
    respond(ack, async () => {
      const symbol = symbolOf(payload);
      if (!symbol) return { ok: false, error: MARKET_MSG.symbolRequired };
      const coin = await market.findCoin(symbol);
      if (!coin) return { ok: false, error: MARKET_MSG.unknownMarket(symbol) };
      const room = rooms.market(coin.symbol);
      if (!markets.has(room) && markets.size >= MAX_MARKET_SUBSCRIPTIONS)
        return { ok: false, error: MARKET_MSG.tooManySubscriptions(MAX_MARKET_SUBSCRIPTIONS) };
      markets.add(room);
      // Join first, then read: an update published in between reaches the client, none is lost.
      fanout.join(socket, room);
      const snapshot = await market.snapshot(coin.symbol);
      return { ok: true, data: { room, ...snapshot } };
    }),
  );

  socket.on('unsubscribe', (payload, ack) =>
    respond(ack, async () => {
      const symbol = symbolOf(payload);
      if (!symbol) return { ok: false, error: MARKET_MSG.symbolRequired };
      // By the coin's own symbol when it is one (BTCUSDT leaves market:BTC, as subscribe joined).
      const coin = await market.findCoin(symbol);
      const room = rooms.market(coin?.symbol ?? symbol);
      fanout.leave(socket, room);
      markets.delete(room);
      return { ok: true, data: { room } };
    }),
  );

  socket.on('ticker:subscribe', (ack) =>
    respond(ack, async () => {
      const room = rooms.ticker();
      fanout.join(socket, room);
      return { ok: true, data: { room, coins: await market.ticker() } };
    }),
  );

  socket.on('ticker:unsubscribe', (ack) =>
    respond(ack, async () => {
      const room = rooms.ticker();
      fanout.leave(socket, room);
      return { ok: true, data: { room } };
    }),
  );
}
