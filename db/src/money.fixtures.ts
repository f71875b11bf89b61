/** Test fixtures for the ledger and trade tests (not exported from the package). */
import { randomBytes } from 'node:crypto';
import { DEFAULT_TRADE_SETTINGS } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { EntryTick, PlaceTradeInput, TradeSettingTerms } from './index.ts';
import { acceptDisclosure, post } from './index.ts';
import { tradeSettings, users } from './schema/index.ts';
import { SEED_LOCK } from './seed.ts';
import { archiveTicks } from './ticks.ts';

export const uniq = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** A symbol of its own, so tests running in parallel never read each other's ticks. */
export const uniqueSymbol = (prefix = 'Z') => `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;

export async function createUser(
  db: Db,
  role: 'user' | 'admin' = 'user',
  { disclosure = true }: { disclosure?: boolean } = {},
): Promise<string> {
  const username = uniq('m');
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Money',
      lastName: 'Test',
      username,
      email: `${username}@example.com`,
      passwordHash: 'x',
      role,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user row');
  // Real-money placement, top-ups and withdrawals need it; the gate's own tests start without.
  if (disclosure) await acceptDisclosure(db, row.id);
  return row.id;
}

/** Real money in, as an approved top-up would bring it. */
export async function fund(db: Db, userId: string, paise: bigint): Promise<bigint> {
  const posted = await db.transaction((tx) =>
    post(tx, { type: 'recharge', userId, account: 'real', amount: paise, counterparty: 'payments' }),
  );
  return posted.balanceAfter;
}

/**
 * The default trade settings (20 s / 20 %, 40 s / 40 %, 60 s / 60 %), created the way seed()
 * creates them if the database has none yet: tests share one database, and the seed test
 * expects exactly these rows.
 */
export async function defaultSettings(db: Db): Promise<TradeSettingTerms[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await tx.$count(tradeSettings)) === 0) {
      await tx.insert(tradeSettings).values(DEFAULT_TRADE_SETTINGS.map((s) => ({ ...s })));
    }
    return tx.select().from(tradeSettings).orderBy(tradeSettings.time);
  });
}

export async function settingWithPayout(db: Db, payoutPercent: number): Promise<TradeSettingTerms> {
  const found = (await defaultSettings(db)).find((s) => s.payoutPercent === payoutPercent);
  if (!found) throw new Error(`no default setting pays ${payoutPercent} %`);
  return found;
}

/** A fixed day in the past: its ticks land in the default partition, clear of live data. */
export const BASE = Date.UTC(2026, 0, 2, 12, 0, 0);
export const at = (ms: number) => new Date(BASE + ms);

let aggId = 1;
export async function writeTick(
  db: Db,
  symbol: string,
  exchangeTs: Date,
  priceE8: bigint,
  source = 'binance',
): Promise<EntryTick> {
  const tick = { symbol, priceE8, aggTradeId: aggId++, exchangeTs, source };
  await archiveTicks(db, [{ ...tick, receivedAt: new Date(exchangeTs.getTime() + 3) }]);
  return tick;
}

export function placement(
  overrides: Partial<PlaceTradeInput> & Pick<PlaceTradeInput, 'userId' | 'setting' | 'entryTick'>,
): PlaceTradeInput {
  return {
    // A user as created: token version 0, not banned.
    session: { tokenVersion: 0 },
    account: 'real',
    symbol: overrides.entryTick.symbol,
    direction: 'up',
    amountPaise: 10_000n,
    now: new Date(overrides.entryTick.exchangeTs.getTime() + 200),
    maxTickAgeMs: 3_000,
    idempotencyKey: uniq('k'),
    ...overrides,
  };
}
