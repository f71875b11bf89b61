import type { Db } from '@app/db';
import {
  type Coin,
  type CoinInput,
  type CoinList,
  type CoinListQuery,
  type CoinsChangedEvent,
  MSG,
} from '@app/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { toCoin } from './coins.mapper.ts';
import {
  type CoinValues,
  deleteCoin,
  hasArchivedTicks,
  hasRunningTrades,
  insertCoin,
  listCoins,
  lockCoin,
  updateCoin,
} from './coins.repository.ts';

export type CoinsServiceDeps = {
  db: Db;
  /** After a commit: every gateway and the ingestion worker learn of the change. */
  announce: (event: CoinsChangedEvent) => void;
  now?: () => number;
};

/**
 * The admin's coin list. Each change is audited in its own transaction and announced once it
 * has committed, so the feed, the market lists and placement follow without a restart. A coin
 * whose trades or prices are on record is never deleted: it is disabled instead.
 */
export function createCoinsService({ db, announce, now = Date.now }: CoinsServiceDeps) {
  const announced = (symbol: string, action: CoinsChangedEvent['action']) =>
    announce({ symbol, action, ts: now() });

  async function create(input: CoinInput, meta: RequestMeta): Promise<Coin> {
    const values: CoinValues = {
      name: input.name,
      marketSymbol: input.marketSymbol ?? `${input.symbol}USDT`,
      enabled: input.enabled ?? true,
      sortOrder: input.sortOrder ?? 0,
      iconUrl: input.iconUrl ?? null,
    };
    const coin = await db.transaction(async (tx) => {
      const row = await insertCoin(tx, input.symbol, values);
      if (!row) throw conflict(MSG.coinExists);
      const created = toCoin(row);
      await audit(tx, {
        ...auditContext(meta),
        action: 'coin.create',
        targetType: 'coin',
        targetId: created.symbol,
        after: created,
      });
      return created;
    });
    announced(coin.symbol, 'create');
    return coin;
  }

  async function update(symbol: string, input: CoinInput, meta: RequestMeta): Promise<Coin> {
    const coin = await db.transaction(async (tx) => {
      const row = await lockCoin(tx, symbol);
      if (!row) throw notFound();
      const before = toCoin(row);
      // What an edit leaves out keeps its value.
      const after = toCoin(
        await updateCoin(tx, symbol, {
          name: input.name,
          marketSymbol: input.marketSymbol ?? row.marketSymbol,
          enabled: input.enabled ?? row.enabled,
          sortOrder: input.sortOrder ?? row.sortOrder,
          iconUrl: input.iconUrl === undefined ? row.iconUrl : input.iconUrl,
        }),
      );
      await audit(tx, {
        ...auditContext(meta),
        action: 'coin.update',
        targetType: 'coin',
        targetId: symbol,
        before,
        after,
      });
      return after;
    });
    announced(coin.symbol, 'update');
    return coin;
  }

  return {
    async list(query: CoinListQuery): Promise<CoinList> {
      const { rows, total } = await listCoins(db, {
        q: query.q || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { coins: rows.map(toCoin), total, page: query.page, limit: query.limit };
    },

    /** Create (no `editing`) or edit the coin `editing` names; `created` tells which. */
    async save(input: CoinInput, meta: RequestMeta): Promise<{ created: boolean; coin: Coin }> {
      if (input.editing === undefined) return { created: true, coin: await create(input, meta) };
      if (input.editing !== input.symbol) throw badRequest(MSG.coinSymbolImmutable);
      return { created: false, coin: await update(input.editing, input, meta) };
    },

    /**
     * Delete a coin nothing depends on. Refused while a trade on it runs (its settlement needs
     * the coin's prices) or while the archive holds its ticks (the proof of settled trades).
     */
    async remove(symbol: string, meta: RequestMeta): Promise<Coin> {
      const coin = await db.transaction(async (tx) => {
        const row = await lockCoin(tx, symbol);
        if (!row) throw notFound();
        if (await hasRunningTrades(tx, symbol)) throw conflict(MSG.coinHasRunningTrades);
        if (await hasArchivedTicks(tx, symbol)) throw conflict(MSG.coinHasTicks);
        await deleteCoin(tx, symbol);
        const before = toCoin(row);
        await audit(tx, {
          ...auditContext(meta),
          action: 'coin.delete',
          targetType: 'coin',
          targetId: symbol,
          before,
        });
        return before;
      });
      announced(coin.symbol, 'delete');
      return coin;
    },
  };
}

export type CoinsService = ReturnType<typeof createCoinsService>;
