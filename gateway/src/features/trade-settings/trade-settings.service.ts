import type { Db, DbOrTx, Tx } from '@app/db';
import type { TradeSetting, TradeSettingInput } from '@app/shared';
import { notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { toTradeSetting } from './trade-settings.mapper.ts';
import type { TradeSettingsCache } from './trade-settings.plugin.ts';
import {
  deleteSetting,
  insertSetting,
  listSettings,
  lockSetting,
  type SettingValues,
  updateSetting,
} from './trade-settings.repository.ts';

/** Highest payout a setting may carry (the database's CHECK). */
const MAX_PAYOUT_PERCENT = 1000;

/**
 * Without an explicit payout, the spec's rule: "the percentage is the duration setting's value
 * itself" (20 s pays 20 %), kept inside the range the database allows.
 */
export const defaultPayoutPercent = (time: number) => Math.min(Math.max(time, 1), MAX_PAYOUT_PERCENT);

/**
 * Trade durations. Trades copy a setting's terms when placed, so editing or deleting one
 * never changes a running trade. Every change is audited in its own transaction, and every
 * mutation answers with the list as it now is.
 */
export function createTradeSettingsService({
  db,
  cache,
}: {
  db: Db;
  cache: Pick<TradeSettingsCache, 'list' | 'changed'>;
}) {
  const list = async (tx: DbOrTx): Promise<TradeSetting[]> => (await listSettings(tx)).map(toTradeSetting);
  const listed = new WeakMap<object, TradeSetting[]>();

  /** One audited change in a transaction; then every gateway's cached list is dropped. */
  async function changed(work: (tx: Tx) => Promise<TradeSetting[]>): Promise<TradeSetting[]> {
    const result = await db.transaction(work);
    cache.changed();
    return result;
  }

  return {
    /** From the gateway's memory (trade-settings.plugin.ts): the same array until the list changes. */
    async list(): Promise<TradeSetting[]> {
      const rows = await cache.list();
      let mapped = listed.get(rows);
      if (!mapped) {
        mapped = rows.map(toTradeSetting);
        listed.set(rows, mapped);
      }
      return mapped;
    },

    async create(input: TradeSettingInput, meta: RequestMeta): Promise<TradeSetting[]> {
      return changed(async (tx) => {
        const values: SettingValues = {
          time: input.time,
          unit: input.unit,
          payoutPercent: input.payoutPercent ?? defaultPayoutPercent(input.time),
        };
        const row = await insertSetting(tx, values);
        await audit(tx, {
          ...auditContext(meta),
          action: 'trade_setting.create',
          targetType: 'trade_setting',
          targetId: String(row.id),
          after: toTradeSetting(row),
        });
        return list(tx);
      });
    },

    async update(id: number, input: TradeSettingInput, meta: RequestMeta): Promise<TradeSetting[]> {
      return changed(async (tx) => {
        const before = await lockSetting(tx, id);
        if (!before) throw notFound();
        const row = await updateSetting(tx, id, {
          time: input.time,
          unit: input.unit,
          // An edit that does not mention the payout keeps it.
          payoutPercent: input.payoutPercent ?? before.payoutPercent,
        });
        if (!row) throw notFound();
        await audit(tx, {
          ...auditContext(meta),
          action: 'trade_setting.update',
          targetType: 'trade_setting',
          targetId: String(id),
          before: toTradeSetting(before),
          after: toTradeSetting(row),
        });
        return list(tx);
      });
    },

    async remove(id: number, meta: RequestMeta): Promise<TradeSetting[]> {
      return changed(async (tx) => {
        const row = await deleteSetting(tx, id);
        if (!row) throw notFound();
        await audit(tx, {
          ...auditContext(meta),
          action: 'trade_setting.delete',
          targetType: 'trade_setting',
          targetId: String(id),
          before: toTradeSetting(row),
        });
        return list(tx);
      });
    },
  };
}
