import type { Db, TradingHaltRow } from '@app/db';
import {
  type AdminTradingHaltState,
  MSG,
  type TradingHalt,
  type TradingHaltState,
  type TradingHaltUpdateBody,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestMeta } from '../../lib/request.ts';
import type { SharedValue } from '../../plugins/cache-bus.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { deleteHalt, lockHalt, upsertHalt } from './trading-halt.repository.ts';

export const toTradingHalt = (row: TradingHaltRow): TradingHalt => ({
  symbol: row.symbol,
  reason: row.reason,
  since: row.createdAt.toISOString(),
});

export const toPublicState = (rows: readonly TradingHaltRow[]): TradingHaltState => ({
  halts: rows.map(toTradingHalt),
});

const toAdminState = (rows: readonly TradingHaltRow[]): AdminTradingHaltState => ({
  halts: rows.map((row) => ({ ...toTradingHalt(row), haltedBy: row.haltedBy })),
});

export type TradingHaltServiceDeps = {
  db: Db;
  /** This gateway's copy (trading-halt.plugin.ts): a change drops it on every gateway. */
  cache: SharedValue<TradingHaltRow[]>;
  /** Tells every socket of every gateway (the Socket.IO Redis adapter carries it). */
  broadcast: (state: TradingHaltState) => void;
  log: FastifyBaseLogger;
};

/**
 * The trading halt (superadmin): start one, change its reason, or end it, audited in the same
 * transaction. Placement reads the halts from the gateway's copy (trades.service.ts).
 */
export function createTradingHaltService({ db, cache, broadcast, log }: TradingHaltServiceDeps) {
  return {
    async publicState(): Promise<TradingHaltState> {
      return toPublicState(await cache.get());
    },

    async adminState(): Promise<AdminTradingHaltState> {
      return toAdminState(await cache.get());
    },

    async update(body: TradingHaltUpdateBody, meta: RequestMeta): Promise<AdminTradingHaltState> {
      const changed = await db.transaction(async (tx) => {
        const before = await lockHalt(tx, body.symbol);
        const after = body.halted
          ? await upsertHalt(tx, { symbol: body.symbol, reason: body.reason, haltedBy: meta.actor.id })
          : await deleteHalt(tx, body.symbol);
        // Ending a halt that does not stand changes nothing and is not an action.
        if (!before && !body.halted) return false;
        await audit(tx, {
          ...auditContext(meta),
          action: body.halted ? 'trading_halt.start' : 'trading_halt.end',
          targetType: body.symbol === null ? 'platform' : 'coin',
          targetId: body.symbol,
          before: before ? toTradingHalt(before) : null,
          after: body.halted && after ? toTradingHalt(after) : null,
          reason: body.reason,
        });
        return true;
      });
      if (changed) {
        cache.changed();
        log.warn(
          { symbol: body.symbol, halted: body.halted, actor: meta.actor.id },
          body.halted ? 'trading halted' : 'trading halt ended',
        );
      }
      const rows = await cache.get();
      if (changed) broadcast(toPublicState(rows));
      return { ...toAdminState(rows), message: MSG.tradingHaltSaved };
    },
  };
}

export type TradingHaltService = ReturnType<typeof createTradingHaltService>;
