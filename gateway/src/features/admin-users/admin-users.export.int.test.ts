import { request as httpRequest, type IncomingMessage } from 'node:http';
import { loginLocks, type PlatformAccountKind, post, trades } from '@app/db';
import { type BillType, rupeesToPaise, type TradeStatus } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildIsolatedApp, createUser, type TestUser } from '../../test/helpers.ts';
import { listen } from '../../test/socket-client.ts';
import { EXPORT_BATCH } from './admin-users.service.ts';

/**
 * On a database of its own: the stats are checked against a seeded data set, and the export
 * against a table large enough that it cannot pass through any buffer at once.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let url: string;
let admin: TestUser;
beforeAll(async () => {
  ({ app, close } = await buildIsolatedApp());
  url = await listen(app);
  admin = await createUser(app, { role: 'admin' });
});
afterAll(async () => {
  await close();
});

describe('GET /api/admin/users/:id stats', () => {
  it('match the figures computed here from the seeded movements and trades', async () => {
    const user = await createUser(app);
    const movements: Array<{ type: BillType; rupees: number; counterparty: PlatformAccountKind }> = [
      { type: 'recharge', rupees: 1000, counterparty: 'payments' },
      { type: 'recharge', rupees: 250.5, counterparty: 'payments' },
      { type: 'admin_adjustment', rupees: 300, counterparty: 'adjustments' },
      { type: 'admin_adjustment', rupees: -100, counterparty: 'adjustments' },
      { type: 'withdrawal', rupees: -400, counterparty: 'payments' },
      { type: 'withdrawal_return', rupees: 150, counterparty: 'payments' },
      { type: 'withdrawal', rupees: -200, counterparty: 'payments' },
      { type: 'trade_stake', rupees: -50, counterparty: 'house_real' },
      { type: 'trade_payout', rupees: 70, counterparty: 'house_real' },
    ];
    for (const m of movements) {
      await app.db.transaction((tx) =>
        post(tx, {
          type: m.type,
          userId: user.id,
          account: 'real',
          amount: rupeesToPaise(m.rupees),
          counterparty: m.counterparty,
        }),
      );
    }
    const statuses: Array<[TradeStatus, 'real' | 'practice']> = [
      ['won', 'real'],
      ['won', 'real'],
      ['won', 'real'],
      ['lost', 'real'],
      ['lost', 'real'],
      ['draw', 'real'],
      ['running', 'real'],
      ['void', 'real'],
      ['cancelled', 'real'],
      ['won', 'practice'],
      ['lost', 'practice'],
    ];
    const now = Date.now();
    for (const [status, account] of statuses) {
      const amount = 10_000n;
      const payout = status === 'won' ? 14_000n : status === 'lost' ? 0n : amount;
      await app.db.insert(trades).values({
        userId: user.id,
        account,
        symbol: 'BTC',
        direction: 'up',
        amount,
        durationSeconds: 60,
        payoutPercent: 40,
        status,
        entryPriceE8: 100n,
        entryExchangeTs: new Date(now),
        entrySource: 'test',
        entrySecond: new Date(now),
        createdAt: new Date(now),
        expiresAt: new Date(now + 60_000),
        ...(status === 'running'
          ? {}
          : { payout, profit: payout - amount, settledAt: new Date(now + 60_000) }),
        ...(['won', 'lost', 'draw'].includes(status)
          ? { exitPriceE8: 101n, exitExchangeTs: new Date(now + 60_000), exitSource: 'test' }
          : {}),
        ...(status === 'void' ? { voidReason: 'stale' } : {}),
        ...(status === 'cancelled' ? { cancelReason: 'test', cancelledBy: admin.id } : {}),
      });
    }

    const sum = (pick: (m: (typeof movements)[number]) => boolean) =>
      movements.filter(pick).reduce((total, m) => total + m.rupees, 0);
    const real = statuses.filter(([, account]) => account === 'real');
    const expected = {
      deposits: sum((m) => ['recharge', 'admin_adjustment'].includes(m.type) && m.rupees > 0),
      withdrawals: -sum((m) => m.type === 'withdrawal') - sum((m) => m.type === 'withdrawal_return'),
      transactions: movements.length,
      totalTrades: real.length,
      winTrades: real.filter(([s]) => s === 'won').length,
      lossTrades: real.filter(([s]) => s === 'lost').length,
      drawTrades: real.filter(([s]) => s === 'draw').length,
    };

    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.id}`,
      headers: auth(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.stats).toEqual(expected);
    expect(res.json().user).toMatchObject({
      id: user.id,
      balance: sum(() => true),
      loginLocked: false,
      banned: false,
      bannedAt: null,
    });

    await app.db.insert(loginLocks).values({ userId: user.id, lockedUntil: new Date(Date.now() + 600_000) });
    const locked = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.id}`,
      headers: auth(admin.token),
    });
    expect(locked.json().user.loginLocked).toBe(true);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/admin/users/export.csv streaming', () => {
  const ROWS = 60_000;

  /** Whether the export's statement is still open on the database (not finished reading). */
  const exportStillReading = async () => {
    const rows = await app.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and state <> 'idle' and query like '/* admin-users */%'`);
    return (rows[0]?.n ?? 0) > 0;
  };

  it('sends the first rows while the database is still reading the last, and every row in the end', async () => {
    expect(ROWS).toBeGreaterThan(EXPORT_BATCH * 10);
    await app.db.execute(sql`
      insert into users (first_name, last_name, username, email, password_hash)
      select 'Bulk', 'User ' || g, 'bulk_' || g, 'bulk_' || g || '@example.com', 'not-a-hash'
        from generate_series(1, ${ROWS}) g`);

    const { hostname, port } = new URL(url);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(
        {
          host: hostname,
          port,
          path: '/api/admin/users/export.csv?search=bulk_',
          headers: auth(admin.token),
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');

    const first = await new Promise<Buffer>((resolve) => response.once('data', resolve));
    response.pause();
    // The first bytes are here; the statement behind them has not finished.
    expect(first.toString('utf8')).toMatch(/^id,username,/);
    expect(await exportStillReading()).toBe(true);

    const chunks: Buffer[] = [first];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise<void>((resolve) => {
      response.once('end', () => resolve());
      response.resume();
    });
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.length - 2).toBe(ROWS);
    expect(new Set(lines.slice(1, -1).map((l) => l.split(',')[1])).size).toBe(ROWS);
    await expect.poll(exportStillReading).toBe(false);
  }, 120_000);
});
