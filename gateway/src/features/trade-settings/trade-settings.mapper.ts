import type { TradeSettingRow } from '@app/db';
import { TRADE_UNIT_SECONDS, type TradeSetting } from '@app/shared';

export const toTradeSetting = (row: TradeSettingRow): TradeSetting => ({
  id: row.id,
  time: row.time,
  unit: row.unit,
  seconds: row.time * TRADE_UNIT_SECONDS[row.unit],
  payoutPercent: row.payoutPercent,
});
