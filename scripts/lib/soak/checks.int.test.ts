/**
 * The soak's checks against a database of their own: quiet on sound money, and each naming the
 * invariant that broke when a trade is paid twice, a top-up credited without approval, or a
 * trade runs past its end.
 */
import { post } from '@app/db';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  createSetting,
  createUser,
  giveMoney,
  type IsolatedDb,
  isolatedDatabase,
  place,
  writeTick,
} from '../../../workers/src/settlement/testing/fixtures.ts';
import { Checks } from './checks.ts';
import { Recorder } from './recorder.ts';

let database: IsolatedDb;
beforeAll(async () => {
  database = await isolatedDatabase(inject('adminDatabaseUrl'), 2);
});
afterAll(async () => {
  await database?.drop();
});

function checksOf(options: { tradeEndBoundMs?: number; timeBounds?: boolean } = {}) {
  const recorder = new Recorder(5_000);
  const model = { placed: new Map(), approvedTopups: new Map(), balancesShown: async () => new Map() };
  const checks = new Checks(database.url, {
    recorder,
    model,
    tradeEndBoundMs: options.tradeEndBoundMs ?? 60_000,
    timeBounds: options.timeBounds ?? true,
  });
  return { recorder, checks };
}

async function runningTrade(seconds = 60) {
  const userId = await createUser(database.db);
  await giveMoney(database.db, userId, 100_000n);
  const setting = await createSetting(database.db, seconds, 80);
  const entry = await writeTick(database.db, 'BTC', Date.now(), 6_500_000_000_000n);
  const trade = await place(database.db, { userId, setting, entry, now: Date.now() });
  return { userId, trade };
}

describe('the soak checks', () => {
  it('find nothing wrong with a funded user and a running trade', async () => {
    await runningTrade();
    const { recorder, checks } = checksOf();
    try {
      expect(await checks.round(true)).toMatchObject({ ok: true, overdue: 0 });
      expect(recorder.violations).toEqual([]);
    } finally {
      await checks.close();
    }
  });

  it('name a trade paid back twice and a balance its records do not give', async () => {
    const { userId, trade } = await runningTrade();
    // A second refund of the stake, as a settlement run twice would write it.
    await database.db.transaction((tx) =>
      post(tx, {
        type: 'trade_refund',
        userId,
        account: 'real',
        amount: trade.amount,
        counterparty: 'house_real',
        reference: trade.id,
      }),
    );
    const { recorder, checks } = checksOf();
    try {
      await checks.round();
      expect(recorder.violations.map((v) => v.check)).toEqual(
        expect.arrayContaining(['trade-ended-once', 'balance-equals-records']),
      );
      expect(recorder.violations.find((v) => v.check === 'trade-ended-once')?.detail).toContain(trade.id);
    } finally {
      await checks.close();
    }
  });

  it('name a top-up credit without an approved top-up', async () => {
    const userId = await createUser(database.db);
    await database.db.transaction((tx) =>
      post(tx, {
        type: 'recharge',
        userId,
        account: 'real',
        amount: 50_000n,
        counterparty: 'payments',
        reference: '00000000-0000-4000-8000-000000000001',
      }),
    );
    const { recorder, checks } = checksOf();
    try {
      await checks.round();
      expect(recorder.violations).toContainEqual(
        expect.objectContaining({ check: 'balance-equals-records', detail: expect.stringContaining(userId) }),
      );
    } finally {
      await checks.close();
    }
  });

  it('name a trade still running past its end and the bound', async () => {
    const { trade } = await runningTrade(1);
    const { recorder, checks } = checksOf({ tradeEndBoundMs: 0 });
    try {
      await vi.waitFor(
        async () => {
          await checks.round();
          expect(recorder.violations.map((v) => v.check)).toContain('trade-end-bound');
        },
        { timeout: 10_000, interval: 250 },
      );
      expect(recorder.violations.find((v) => v.check === 'trade-end-bound')?.detail).toContain(trade.id);
    } finally {
      await checks.close();
    }
  });
});
