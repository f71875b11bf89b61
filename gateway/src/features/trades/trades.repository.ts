import { coins, type DbOrTx, type TradeRow, trades, users } from '@app/db';
import { isUuid, type MoneyAccount, type TradeLogFilter } from '@app/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { noSuperadminSql } from '../../lib/access.ts';
import { containsPattern } from '../../lib/sql.ts';

/** Reads of trades. Every write goes through the trade functions of @app/db. */

export async function findTrade(db: DbOrTx, id: string): Promise<TradeRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row;
}

export async function findTradeByKey(db: DbOrTx, userId: string, key: string): Promise<TradeRow | undefined> {
  const [row] = await db
    .select()
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.idempotencyKey, key)));
  return row;
}

type Page = { limit: number; offset: number; sort: 'createdAt' | '-createdAt' };

const order = (sort: Page['sort']) =>
  sort === 'createdAt' ? [asc(trades.createdAt), asc(trades.id)] : [desc(trades.createdAt), desc(trades.id)];

/** One user's trades, running or completed (every final state), of one account or both. */
export async function listUserTrades(
  db: DbOrTx,
  query: Page & { userId: string; status?: 'running' | 'completed'; account?: MoneyAccount },
): Promise<{ rows: TradeRow[]; total: number }> {
  const conditions: SQL[] = [eq(trades.userId, query.userId)];
  if (query.status === 'running') conditions.push(eq(trades.status, 'running'));
  if (query.status === 'completed') conditions.push(ne(trades.status, 'running'));
  if (query.account) conditions.push(eq(trades.account, query.account));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(trades)
      .where(where)
      .orderBy(...order(query.sort))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(trades).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

const FILTER_STATUS = { win: 'won', loss: 'lost', draw: 'draw' } as const;

export type TradeLogRow = TradeRow & { username: string };

/**
 * The trade log: one user's trades (`userId`) or everybody's, by result, by user name or
 * crypto (`q` anywhere in the username, the symbol or the SYMBOL/INR pair), and by creation
 * time in [from, to).
 */
export async function listTradeLog(
  db: DbOrTx,
  query: Page & {
    userId?: string;
    /** Everybody's log for a plain admin: no superadmin's trades (lib/access.ts). */
    hideSuperadmins?: boolean;
    filter: TradeLogFilter;
    q?: string;
    from?: Date;
    to?: Date;
    account?: MoneyAccount;
  },
): Promise<{ rows: TradeLogRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.userId) conditions.push(eq(trades.userId, query.userId));
  if (query.hideSuperadmins) conditions.push(noSuperadminSql(sql`${users.role}`));
  if (query.filter !== 'all') conditions.push(eq(trades.status, FILTER_STATUS[query.filter]));
  if (query.account) conditions.push(eq(trades.account, query.account));
  if (query.from) conditions.push(gte(trades.createdAt, query.from));
  if (query.to) conditions.push(lt(trades.createdAt, query.to));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const q = or(sql`${users.username} ilike ${pattern}`, sql`(${trades.symbol} || '/INR') ilike ${pattern}`);
    if (q) conditions.push(q);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ trade: trades, username: users.username })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.userId))
      .where(where)
      .orderBy(...order(query.sort))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(trades).innerJoin(users, eq(users.id, trades.userId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.trade, username: r.username })), total: totals[0]?.n ?? 0 };
}

/** The exchange pair of each coin named (enabled or not): where its trades' prices come from. */
export async function findMarketSymbols(db: DbOrTx, symbols: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(symbols)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ symbol: coins.symbol, marketSymbol: coins.marketSymbol })
    .from(coins)
    .where(inArray(coins.symbol, wanted));
  return new Map(rows.map((r) => [r.symbol, r.marketSymbol]));
}
