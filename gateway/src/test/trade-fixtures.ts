import { randomBytes } from 'node:crypto';
import { getBalances, post, tradeSettings } from '@app/db';
import { DEFAULT_TRADE_SETTINGS, marketKeys, rupeesToPaise, type Tick } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { auth, buildIsolatedApp } from './helpers.ts';
import { insertCoins, makeTick, marketPrefix, workerRedis } from './market-fixtures.ts';

/**
 * Trade test data: an app on a database of its own with coins and the default durations, money
 * given the way an admin adjustment gives it (the ledger's `post`, never an HTTP route), and
 * ticks written to Redis in the contract's format under the app's REDIS_PREFIX.
 */

export type TradingApp = {
  app: FastifyInstance;
  prefix: string;
  /** The app's own database, for a second gateway on it. */
  databaseUrl: string;
  /** The default settings by their payout: 20 s / 20 %, 40 s / 40 %, 60 s / 60 %. */
  settings: { s20: number; s40: number; s60: number };
  close: () => Promise<void>;
};

export async function buildTradingApp(name: string, overrides: Partial<Config> = {}): Promise<TradingApp> {
  const prefix = marketPrefix(name);
  const { app, databaseUrl, close } = await buildIsolatedApp({ redisPrefix: prefix, ...overrides });
  await insertCoins(app.db, [
    { symbol: 'BTC', sortOrder: 1 },
    { symbol: 'ETH', sortOrder: 2 },
    { symbol: 'DOGE', sortOrder: 3, enabled: false },
    // Enabled, but tests never write a price for it.
    { symbol: 'SOL', sortOrder: 4 },
  ]);
  const rows = await app.db
    .insert(tradeSettings)
    .values(DEFAULT_TRADE_SETTINGS.map((s) => ({ ...s })))
    .returning();
  const id = (seconds: number) => {
    const row = rows.find((r) => r.time === seconds);
    if (!row) throw new Error(`no ${seconds} s setting`);
    return row.id;
  };
  return { app, prefix, databaseUrl, settings: { s20: id(20), s40: id(40), s60: id(60) }, close };
}

/** Real money in, as an admin adjustment: Rs `rupees`. */
export async function fund(app: FastifyInstance, userId: string, rupees: number): Promise<void> {
  await app.db.transaction((tx) =>
    post(tx, {
      type: 'admin_adjustment',
      userId,
      account: 'real',
      amount: rupeesToPaise(rupees),
      counterparty: 'adjustments',
      remarks: 'test funds',
    }),
  );
}

/** Both balances in rupees, straight from the ledger. */
export async function balancesOf(app: FastifyInstance, userId: string) {
  const b = await getBalances(app.db, userId);
  return { real: Number(b.real) / 100, practice: Number(b.practice) / 100 };
}

/** Write the latest tick of `symbol` as the ingestion worker does. */
export async function setTick(prefix: string, symbol: string, price: number, overrides: Partial<Tick> = {}) {
  const redis = workerRedis(prefix);
  try {
    await redis.set(marketKeys.price(symbol), JSON.stringify(makeTick(symbol, price, overrides)));
  } finally {
    redis.disconnect();
  }
}

export const newKey = () => randomBytes(12).toString('hex');

export type PlaceBody = {
  amount?: unknown;
  settingId?: unknown;
  symbol?: unknown;
  direction?: unknown;
  account?: unknown;
};

export function placeRequest(
  app: FastifyInstance,
  token: string,
  body: PlaceBody,
  key: string | null = newKey(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/trades',
    headers: { ...auth(token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}
