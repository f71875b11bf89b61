import { z } from 'zod';
import {
  DEVICE_TYPES,
  type DeviceType,
  FINAL_TRADE_STATUSES,
  MONEY_ACCOUNTS,
  type MoneyAccount,
} from '../constants.ts';
import { paiseToRupees } from '../money.ts';

const count = z.number().int().nonnegative();

/**
 * What refresh_admin_stats() (migration 0016) stores in admin_stats.stats: `totals` maps a
 * metric ('trades.<account>.<status>' of settled trades, 'logins.<device>' of successful logins,
 * 'deposits' and 'withdrawals' in paise) to its sum over every day; a metric with nothing in it
 * is absent.
 */
export const adminStatsSnapshotSchema = z.object({
  totalUsers: count,
  activeUsers: count,
  /** Accounts whose current address is verified (absent in snapshots taken before migration 0021). */
  emailVerified: count.optional(),
  running: z.object({ real: count, practice: count }),
  totals: z.record(z.string(), count),
});
export type AdminStatsSnapshot = z.infer<typeof adminStatsSnapshotSchema>;

const tradeCountsSchema = z.object({
  /** Every trade of the account: running, settled, voided and cancelled. */
  totalTrades: count,
  winTrades: count,
  lossTrades: count,
  drawTrades: count,
});
export type TradeCounts = z.infer<typeof tradeCountsSchema>;

/** GET /api/admin-stats/cards, and the `admin:stats` event to the admins room. */
export const adminCardsResponseSchema = z.object({
  ok: z.literal(true),
  cards: tradeCountsSchema.extend({
    totalUsers: count,
    /** Accounts with a successful login in the last 30 days. */
    activeUsers: count,
    /** Accounts whose current address is verified, and the others; null in a snapshot from before verification existed. */
    emailVerified: count.nullable(),
    emailUnverified: count.nullable(),
    /** Rupees of approved top-ups. */
    totalDeposits: z.number(),
    /** Rupees of approved withdrawals. */
    totalWithdrawals: z.number(),
    pendingTopups: count,
    pendingWithdrawals: count,
  }),
  /** The trade cards above count real money only; play money is counted here. */
  practice: tradeCountsSchema,
  /** Successful logins by device type. */
  devices: z.object({ mobile: count, desktop: count, tablet: count, unknown: count }),
  /** When the counts were taken (pending counts are read with every answer). */
  computedAt: z.string(),
});
export type AdminCardsResponse = z.infer<typeof adminCardsResponseSchema>;

export type PendingCounts = { pendingTopups: number; pendingWithdrawals: number };

function tradeCounts(s: AdminStatsSnapshot, account: MoneyAccount): TradeCounts {
  const settled = (status: string) => s.totals[`trades.${account}.${status}`] ?? 0;
  const final = FINAL_TRADE_STATUSES.reduce((sum, st) => sum + settled(st), 0);
  return {
    totalTrades: final + s.running[account],
    winTrades: settled('won'),
    lossTrades: settled('lost'),
    drawTrades: settled('draw'),
  };
}

/** The dashboard's answer from a snapshot and the pending counts: the gateway's and the job's. */
export function toAdminCards(
  snapshot: AdminStatsSnapshot,
  pending: PendingCounts,
  computedAt: Date,
): AdminCardsResponse {
  const devices = Object.fromEntries(
    DEVICE_TYPES.map((d) => [d, snapshot.totals[`logins.${d}`] ?? 0]),
  ) as Record<DeviceType, number>;
  const [real, practice] = MONEY_ACCOUNTS.map((a) => tradeCounts(snapshot, a)) as [TradeCounts, TradeCounts];
  return {
    ok: true,
    cards: {
      totalUsers: snapshot.totalUsers,
      activeUsers: snapshot.activeUsers,
      emailVerified: snapshot.emailVerified ?? null,
      emailUnverified:
        snapshot.emailVerified === undefined ? null : snapshot.totalUsers - snapshot.emailVerified,
      ...real,
      totalDeposits: paiseToRupees(snapshot.totals.deposits ?? 0),
      totalWithdrawals: paiseToRupees(snapshot.totals.withdrawals ?? 0),
      pendingTopups: pending.pendingTopups,
      pendingWithdrawals: pending.pendingWithdrawals,
    },
    practice,
    devices,
    computedAt: computedAt.toISOString(),
  };
}
