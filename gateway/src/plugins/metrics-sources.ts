import type { Db } from '@app/db';
import { marketKeys, tickSchema, workerKeys } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { findEnabledCoins } from '../features/market/market.repository.ts';
import type { MaintenanceQueue, SettlementQueue } from './queues.ts';

/**
 * What `/metrics` reads at scrape time, each source on its own (one that fails or is slow
 * leaves the others' figures intact). Everything here is a handful of indexed queries or one
 * Redis pipeline: a scrape must not load what it watches.
 */

/** A running trade this long past its expiry is late by any measure (the reconciler's and settlement's bounds are seconds). */
export const OVERDUE_AFTER_MS = 30_000;
/** Trades settled within this much of now are left for the next scrape: their transaction may still be committing beside others. */
const SETTLED_SETTLE_MS = 2_000;
/** Settled trades read per scrape at most; a backlog is read over the following scrapes. */
const SETTLED_BATCH = 5_000;

export type FeedFigures = { symbol: string; ageSeconds: number; ticksPerSecond: number };

const tickTimes = tickSchema.pick({ receivedAt: true });

const parseTick = (text: string | null | undefined) => {
  if (!text) return undefined;
  try {
    return tickTimes.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
};

/**
 * Per enabled coin: seconds since the feed's latest tick was received (infinite when there is
 * none), and the ticks it published per second over its recent-ticks list (the oldest kept
 * tick up to now, so a feed that stops decays to zero).
 */
export async function feedFigures(db: Db, redis: Redis, now: number): Promise<FeedFigures[]> {
  const coins = await findEnabledCoins(db);
  if (coins.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const { symbol } of coins) {
    pipeline.get(marketKeys.price(symbol));
    pipeline.llen(marketKeys.ticks(symbol));
    pipeline.lindex(marketKeys.ticks(symbol), -1);
  }
  const replies = (await pipeline.exec()) ?? [];
  return coins.map(({ symbol }, i) => {
    const [price, length, oldest] = replies
      .slice(3 * i, 3 * i + 3)
      .map(([err, value]) => (err ? null : value));
    const latest = parseTick(price as string | null);
    const first = parseTick(oldest as string | null);
    const count = Number(length ?? 0);
    const spanSeconds = first ? (now - first.receivedAt) / 1000 : 0;
    return {
      symbol,
      ageSeconds: latest ? Math.max(0, (now - latest.receivedAt) / 1000) : Number.POSITIVE_INFINITY,
      ticksPerSecond: count > 0 && spanSeconds > 0 ? count / spanSeconds : 0,
    };
  });
}

/** Where the last read of settled trades ended: settled_at (as Postgres wrote it) and id. */
export type SettledCursor = { at: string; id: string };

export const startCursor = (now: Date): SettledCursor => ({
  at: now.toISOString(),
  id: '00000000-0000-0000-0000-000000000000',
});

/**
 * Lateness (settled_at - expires_at, seconds) of the trades settled after `since`, oldest
 * first, and the cursor for the next read. A settlement batch gives its trades one settled_at,
 * so the cursor carries the id too. Cancelled trades are an admin's act, not a settlement:
 * left out.
 */
export async function settledSince(
  db: Db,
  since: SettledCursor,
): Promise<{ lateness: number[]; cursor: SettledCursor }> {
  const rows = await db.execute<{ at: string; id: string; late: number }>(sql`
    select settled_at::text as at, id::text as id,
           extract(epoch from settled_at - expires_at)::float8 as late
    from trades
    where settled_at >= ${since.at}::timestamptz
      and (settled_at, id) > (${since.at}::timestamptz, ${since.id}::uuid)
      and settled_at <= now() - make_interval(secs => ${SETTLED_SETTLE_MS / 1000})
      and status <> 'cancelled'
    order by settled_at, id
    limit ${SETTLED_BATCH}`);
  const last = rows.at(-1);
  return {
    lateness: rows.map((r) => Number(r.late)),
    cursor: last ? { at: last.at, id: last.id } : since,
  };
}

/** Running trades past their expiry by more than OVERDUE_AFTER_MS: what the reconciler has to settle. */
export async function overdueRunning(db: Db): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from trades
    where status = 'running' and expires_at < now() - make_interval(secs => ${OVERDUE_AFTER_MS / 1000})`);
  return Number(row?.n ?? 0);
}

export type PostgresFigures = {
  connections: Array<{ application: string; state: string; count: number }>;
  maxConnections: number;
  /** Seconds a trivial query took through this gateway's pool: it waits when the pool is full. */
  probeSeconds: number;
};

export async function postgresFigures(db: Db): Promise<PostgresFigures> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  const probeSeconds = (performance.now() - started) / 1000;
  const connections = await db.execute<{ application: string; state: string; count: number }>(sql`
    select coalesce(nullif(application_name, ''), 'unnamed') as application,
           coalesce(state, 'unknown') as state, count(*)::int as count
    from pg_stat_activity where datname = current_database() group by 1, 2`);
  const [max] = await db.execute<{ max: number }>(sql`select current_setting('max_connections')::int as max`);
  return {
    connections: connections.map((r) => ({ ...r, count: Number(r.count) })),
    maxConnections: Number(max?.max ?? 0),
    probeSeconds,
  };
}

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

export async function queueFigures(queues: {
  settlement: SettlementQueue;
  maintenance: MaintenanceQueue;
}): Promise<Array<{ queue: string; state: string; count: number }>> {
  const entries = Object.entries(queues);
  const counts = await Promise.all(entries.map(([, q]) => q.getJobCounts(...QUEUE_STATES)));
  return entries.flatMap(([queue], i) =>
    QUEUE_STATES.map((state) => ({ queue, state, count: counts[i]?.[state] ?? 0 })),
  );
}

const ledgerReportSchema = z.object({ at: z.number(), violations: z.number().int().min(0) });

/** The reconciler's last ledger invariant check (workers/src/settlement/reconcile.job.ts), if any. */
export async function ledgerReport(redis: Redis): Promise<z.infer<typeof ledgerReportSchema> | null> {
  const text = await redis.get(workerKeys.ledgerCheck());
  if (!text) return null;
  const parsed = ledgerReportSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}
