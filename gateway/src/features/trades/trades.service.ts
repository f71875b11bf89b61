import {
  cancelTrade,
  createNotification,
  type Db,
  getBalances,
  type PlacedTrade,
  type PlacementSession,
  type PlaceTradeInput,
  placeTrade,
  type TradeRow,
  type TradingHaltRow,
} from '@app/db';
import {
  type CancelTradeResponse,
  formatRupees,
  haltFor,
  haltMessage,
  isUuid,
  MSG,
  type PlaceTradeBody,
  type PlaceTradeResponse,
  paiseToRupees,
  rupeesToPaise,
  type Tick,
  TRADE_LOG_ADMIN_LIMIT,
  TRADE_LOG_MINE_LIMIT,
  type Trade,
  type TradeList,
  type TradeListQuery,
  type TradeLog,
  type TradeLogQuery,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mayReadRecordsOf, seesSuperadminRows } from '../../lib/access.ts';
import { type AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import type { Session } from '../../plugins/auth.ts';
import { audit, auditContext } from '../audit/audit.ts';
import type { MarketService } from '../market/market.service.ts';
import type { WalletEvents } from '../notifications/notifications.events.ts';
import type { TradeSettingsCache } from '../trade-settings/trade-settings.plugin.ts';
import { moneyErrorToHttp } from './trades.errors.ts';
import type { TradeEvents } from './trades.events.ts';
import { toBalances, toTrade } from './trades.mapper.ts';
import {
  findMarketSymbols,
  findTrade,
  findTradeByKey,
  listTradeLog,
  listUserTrades,
} from './trades.repository.ts';
import type { SettlementScheduler } from './trades.settlement.ts';

export type TradesServiceDeps = {
  db: Db;
  market: Pick<MarketService, 'findCoin' | 'latestTick'>;
  settings: Pick<TradeSettingsCache, 'find'>;
  /**
   * The standing trading halts, from the gateway's copy that every change drops through the
   * cache bus (docs/adr/0019-trading-halt-checked-by-the-gateway.md).
   */
  halts: { get(): Promise<readonly TradingHaltRow[]> };
  settlement: SettlementScheduler;
  events: TradeEvents;
  /** The cancelled trade's notification is pushed with these (INTEGRITY §4). */
  walletEvents: Pick<WalletEvents, 'notify'>;
  log: FastifyBaseLogger;
  /** TRADE_MAX_PRICE_AGE_MS */
  maxPriceAgeMs: number;
  now?: () => number;
};

/** The session asking: its own records, and others' by its staff capability (lib/access.ts). */
export type Caller = Pick<Session, 'id' | 'staff'>;

/**
 * The placing user as the verified token names them, with the token's version: the placement
 * checks the user row against it in its own transaction (@app/db `PlacementSession`).
 */
export type Trader = { id: string; tokenVersion: number };

async function withMoneyErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw moneyErrorToHttp(error) ?? error;
  }
}

/**
 * Timed trades: placement (the stake is debited and the trade written by @app/db in one
 * transaction, then the delayed settle job is added), reads, and the admin cancellation.
 * Nothing here decides a result or sets a balance: settlement is the workers' job.
 */
export function createTradesService(deps: TradesServiceDeps) {
  const { db, market, settings, halts, settlement, events, walletEvents, log, maxPriceAgeMs } = deps;
  const now = deps.now ?? Date.now;

  /** Why a new trade cannot open now, or null when it can. */
  function refusal(
    body: PlaceTradeBody,
    coinOk: boolean,
    settingOk: boolean,
    tick: Tick | null,
    at: number,
    halted: readonly TradingHaltRow[],
  ): AppError | null {
    const halt = haltFor(halted, body.symbol);
    if (halt) return conflict(haltMessage(halt));
    if (!coinOk) return badRequest(MSG.coinNotTradable);
    if (!settingOk) return badRequest(MSG.tradeSettingUnknown);
    if (!tick || at - tick.receivedAt > maxPriceAgeMs) return conflict(MSG.priceStale);
    if (body.account === 'real' && tick.source === 'simulated') return conflict(MSG.simulatedRealRefused);
    return null;
  }

  /**
   * A retry whose first attempt went through is answered with that trade even when the market
   * would refuse a new one now: the placement is handed the trade's own terms, and @app/db
   * finds it by the key and checks the request is the same one.
   */
  function replayOf(
    earlier: TradeRow,
    userId: string,
    session: PlacementSession,
    body: PlaceTradeBody,
    key: string,
  ): PlaceTradeInput {
    if (earlier.symbol !== body.symbol) throw conflict(MSG.idempotencyKeyReused);
    return {
      userId,
      session,
      account: body.account,
      symbol: body.symbol,
      direction: body.direction,
      amountPaise: rupeesToPaise(body.amount),
      setting: {
        id: body.settingId,
        time: earlier.durationSeconds,
        unit: 'Seconds',
        payoutPercent: earlier.payoutPercent,
      },
      entryTick: {
        symbol: earlier.symbol,
        priceE8: earlier.entryPriceE8,
        aggTradeId: earlier.entryAggTradeId,
        exchangeTs: earlier.entryExchangeTs,
        source: earlier.entrySource,
      },
      now: earlier.createdAt,
      maxTickAgeMs: maxPriceAgeMs,
      idempotencyKey: key,
    };
  }

  /** Trades as the REST reads answer them: with the exchange pair their receipt links to. */
  async function withPairs<R extends TradeRow>(rows: R[]): Promise<Array<{ row: R; trade: Trade }>> {
    const pairs = await findMarketSymbols(
      db,
      rows.map((r) => r.symbol),
    );
    return rows.map((row) => ({ row, trade: { ...toTrade(row), marketSymbol: pairs.get(row.symbol) } }));
  }

  return {
    /**
     * Place a trade for the caller. `created` is false for a retry with the same key: the
     * same trade, nothing moved again.
     */
    async place(
      trader: Trader,
      body: PlaceTradeBody,
      key: string,
    ): Promise<{ created: boolean; answer: PlaceTradeResponse }> {
      const userId = trader.id;
      // Tokens are ours, so this is a uuid; anything else is no session of a user.
      if (!isUuid(userId)) throw unauthorized(MSG.sessionExpired);
      const session = { tokenVersion: trader.tokenVersion };
      const [coin, setting, tick, halted] = await Promise.all([
        market.findCoin(body.symbol),
        settings.find(body.settingId),
        market.latestTick(body.symbol),
        halts.get(),
      ]);
      const at = now();
      const refused = refusal(body, coin?.symbol === body.symbol, setting !== undefined, tick, at, halted);

      let input: PlaceTradeInput;
      if (refused || !setting || !tick) {
        const earlier = await findTradeByKey(db, userId, key);
        if (!earlier) throw refused ?? conflict(MSG.priceStale);
        input = replayOf(earlier, userId, session, body, key);
      } else {
        input = {
          userId,
          session,
          account: body.account,
          symbol: body.symbol,
          direction: body.direction,
          amountPaise: rupeesToPaise(body.amount),
          setting: {
            id: setting.id,
            time: setting.time,
            unit: setting.unit,
            payoutPercent: setting.payoutPercent,
          },
          entryTick: {
            symbol: tick.symbol,
            priceE8: BigInt(tick.priceE8),
            aggTradeId: tick.aggTradeId,
            exchangeTs: new Date(tick.exchangeTs),
            source: tick.source,
          },
          now: new Date(at),
          // @app/db measures this bound from the exchange time of the trade behind the price.
          maxTickAgeMs: maxPriceAgeMs,
          idempotencyKey: key,
        };
      }

      const placed: PlacedTrade = await withMoneyErrors(() => placeTrade(db, input));
      // A retry adds the job again: a no-op while it exists, and the schedule a crash right
      // after the first commit would have lost.
      if (placed.trade.status === 'running') await settlement.schedule(placed.trade);
      const trade: Trade = { ...toTrade(placed.trade), marketSymbol: coin?.marketSymbol };
      const answer = { trade, balances: toBalances(placed.balances), serverTime: now() };
      if (placed.created) {
        events.balance(userId, answer.balances, 'trade_stake');
        events.placed(userId, trade);
        log.info({ tradeId: trade.id, userId, account: trade.account }, 'trade placed');
      }
      return { created: placed.created, answer };
    },

    async list(userId: string, query: TradeListQuery): Promise<TradeList> {
      const { rows, total } = await listUserTrades(db, {
        userId,
        status: query.status,
        account: query.account,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const items = (await withPairs(rows)).map(({ trade }) => trade);
      return { items, total, page: query.page, limit: query.limit };
    },

    /** One trade with its receipt: the owner's, or one staff may see (another's does not exist). */
    async get(caller: Caller, id: string): Promise<Trade> {
      const row = await findTrade(db, id);
      if (!row || !(await mayReadRecordsOf(db, caller, row.userId))) throw notFound();
      const [read] = await withPairs([row]);
      return read!.trade;
    },

    /**
     * The trade log: with `mine` (or `userId` of the caller) the caller's own trades, 5 per
     * page; another account's for staff who may see it, and without, everybody's for staff (10
     * per page, a superadmin's rows for superadmins only); 403 for anyone else.
     */
    async tradeLog(caller: Caller, query: TradeLogQuery, ofUser?: string): Promise<TradeLog> {
      const userId = ofUser ?? (query.mine ? caller.id : undefined);
      if (userId !== caller.id && !caller.staff) throw forbidden();
      if (userId !== undefined && !isUuid(userId)) throw notFound();
      if (userId !== undefined && !(await mayReadRecordsOf(db, caller, userId))) throw forbidden();
      const limit = query.limit ?? (userId === caller.id ? TRADE_LOG_MINE_LIMIT : TRADE_LOG_ADMIN_LIMIT);
      const { rows, total } = await listTradeLog(db, {
        userId,
        hideSuperadmins: userId === undefined && !seesSuperadminRows(caller.staff),
        filter: query.filter,
        q: query.q || undefined,
        // Whole days in India time, as the query schema reads them: [from's midnight, after to).
        from: query.from,
        to: query.to,
        account: query.account,
        sort: query.sort,
        limit,
        offset: (query.page - 1) * limit,
      });
      return {
        items: (await withPairs(rows)).map(({ row, trade }) => ({
          ...trade,
          userId: row.userId,
          username: row.username,
        })),
        total,
        page: query.page,
        limit,
      };
    },

    /** Admin: cancel a RUNNING trade with a reason the user sees; the stake is refunded. */
    async cancel(id: string, reason: string, meta: RequestMeta): Promise<CancelTradeResponse> {
      const { cancelled, notification } = await withMoneyErrors(() =>
        db.transaction(async (tx) => {
          const { trade, balanceAfter } = await cancelTrade(tx, id, { adminId: meta.actor.id, reason });
          await audit(tx, {
            ...auditContext(meta),
            action: 'trade.cancel',
            targetType: 'trade',
            targetId: trade.id,
            before: { status: 'running', userId: trade.userId, account: trade.account, amount: trade.amount },
            after: { status: trade.status, refund: trade.payout, balanceAfter },
            reason: trade.cancelReason,
          });
          // The user is told in the same commit that refunds them (INTEGRITY §4).
          const refund = formatRupees(paiseToRupees(trade.payout ?? trade.amount));
          const why = trade.cancelReason ?? reason;
          const notification = await createNotification(tx, {
            userId: trade.userId,
            type: 'system',
            title: 'Trade cancelled',
            body: `Your ${trade.symbol}/INR trade was cancelled by an admin and your stake of ${refund} was refunded. Reason: ${why}`,
            data: { tradeId: trade.id, reason: why },
          });
          return { cancelled: trade, notification };
        }),
      );
      await settlement.unschedule(cancelled.id);
      const trade = toTrade(cancelled);
      const balances = toBalances(await getBalances(db, cancelled.userId));
      events.settled(cancelled.userId, trade, balances);
      events.balance(cancelled.userId, balances, 'trade_cancelled');
      // Committed: a failed push must not turn the cancellation into an error answer.
      await walletEvents.notify(notification).catch((err: unknown) => {
        log.warn({ err, tradeId: cancelled.id }, 'trade cancel notification push failed');
      });
      return { trade, balances };
    },
  };
}

export type TradesService = ReturnType<typeof createTradesService>;
