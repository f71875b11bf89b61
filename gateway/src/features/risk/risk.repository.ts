import { type DbOrTx, type RiskLimitsRow, riskLimits } from '@app/db';
import { sql } from 'drizzle-orm';

/** The limits in paise; null: no limit. */
export type LimitValues = { maxStakePerTrade: bigint | null; maxOpenStakePerCoin: bigint | null };

const NO_LIMITS: RiskLimitsRow = {
  id: 1,
  maxStakePerTrade: null,
  maxOpenStakePerCoin: null,
  updatedBy: null,
  updatedAt: null,
};

/** The one row of risk_limits (migration 0018 writes it; without it, no limits). */
export async function readLimits(db: DbOrTx): Promise<RiskLimitsRow> {
  const [row] = await db.select().from(riskLimits).where(sql`${riskLimits.id} = 1`);
  return row ?? NO_LIMITS;
}

/** The row under a lock, so the audit's `before` is what the write replaced. */
export async function lockLimits(db: DbOrTx): Promise<RiskLimitsRow> {
  const [row] = await db.select().from(riskLimits).where(sql`${riskLimits.id} = 1`).for('update');
  return row ?? NO_LIMITS;
}

export async function writeLimits(db: DbOrTx, values: LimitValues, adminId: string): Promise<RiskLimitsRow> {
  const set = { ...values, updatedBy: adminId, updatedAt: sql`now()` };
  const [row] = await db
    .insert(riskLimits)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: riskLimits.id, set })
    .returning();
  if (!row) throw new Error('risk_limits upsert returned no row');
  return row;
}

/** Running real trades of one coin and direction, money in paise. */
export type ExposureFigures = {
  symbol: string;
  direction: 'up' | 'down';
  count: number;
  stake: bigint;
  payoutIfAllWin: bigint;
};

/**
 * Running real trades per coin and direction, and what each group is credited if all of them
 * win: stake + profit at each trade's own payout, rounded as settlement rounds it
 * (db/sql/settle_trades.sql, `winProfitPaise` in @app/shared). Reads the running trades alone
 * (the partial indexes on status = 'running').
 */
export async function openExposure(db: DbOrTx): Promise<ExposureFigures[]> {
  const rows = await db.execute<{
    symbol: string;
    direction: 'up' | 'down';
    count: number;
    stake: string;
    payout: string;
  }>(sql`
    select t.symbol, t.direction, count(*)::int as count, sum(t.amount)::text as stake,
           sum(t.amount + round(t.amount::numeric * t.payout_percent / 100)::bigint)::text as payout
      from trades t
     where t.status = 'running' and t.account = 'real'
     group by t.symbol, t.direction
     order by t.symbol, t.direction`);
  return Array.from(rows, (r) => ({
    symbol: r.symbol,
    direction: r.direction,
    count: r.count,
    stake: BigInt(r.stake),
    payoutIfAllWin: BigInt(r.payout),
  }));
}
