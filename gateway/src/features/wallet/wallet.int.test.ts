import { post, topups, withdrawals } from '@app/db';
import { type MoneyAccount, rupeesToPaise, type WalletTransactionView } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildIsolatedApp, buildTestApp, createUser, type TestUser } from '../../test/helpers.ts';
import { COUNTERPARTY } from '../../test/ledger-fixtures.ts';

let app: FastifyInstance;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await createUser(app, { role: 'admin' });
});
afterAll(async () => {
  await app.close();
});

/** One ledger movement of Rs `rupees` (signed from the user's view) as the money code posts it. */
async function move(
  userId: string,
  type: keyof typeof COUNTERPARTY,
  rupees: number,
  account: MoneyAccount = 'real',
): Promise<void> {
  await app.db.transaction((tx) =>
    post(tx, {
      type,
      userId,
      account,
      amount: rupeesToPaise(rupees),
      counterparty: account === 'practice' ? 'house_practice' : COUNTERPARTY[type],
      reference: `ref-${type}`,
      remarks: `remark ${type}`,
    }),
  );
}

/**
 * A user with one of each movement on the real balance (oldest first): recharge 1000, trade
 * stake 100, trade payout 140 (won), trade stake 50 (lost), withdrawal 200, withdrawal return
 * 200, admin adjustment 25, trade refund 30 after a stake 30; and a practice stake of 10.
 */
async function userWithHistory(): Promise<TestUser> {
  const user = await createUser(app);
  await move(user.id, 'recharge', 1000);
  await move(user.id, 'trade_stake', -100);
  await move(user.id, 'trade_payout', 140);
  await move(user.id, 'trade_stake', -50);
  await move(user.id, 'withdrawal', -200);
  await move(user.id, 'withdrawal_return', 200);
  await move(user.id, 'admin_adjustment', 25);
  await move(user.id, 'trade_stake', -30);
  await move(user.id, 'trade_refund', 30);
  await move(user.id, 'trade_stake', -10, 'practice');
  return user;
}

const records = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/wallet/transactions/my${query}`, headers: auth(token) });
const types = (items: WalletTransactionView[]) => items.map((i) => `${i.type}:${i.amount}`);

describe('GET /api/wallet/transactions/my', () => {
  it('lists every movement of the real balance newest first, 10 per page, as Financial Records shows it', async () => {
    const user = await userWithHistory();
    const res = await records(user.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ total: 9, page: 1, limit: 10, pages: 1 });
    expect(types(body.items)).toEqual([
      'trade_refund:30',
      'trade_stake:30',
      'admin_adjustment:25',
      'withdrawal_return:200',
      'withdrawal:200',
      'trade_stake:50',
      'trade_payout:140',
      'trade_stake:100',
      'recharge:1000',
    ]);
    expect(body.items[0]).toMatchObject({
      direction: 'credit',
      balanceAfter: 1015,
      currency: 'INR',
      account: 'real',
      remarks: 'remark trade_refund',
      reference: 'ref-trade_refund',
    });
    expect(body.items[1]).toMatchObject({ direction: 'debit', balanceAfter: 985 });
  });

  it.each([
    ['all', 9],
    ['recharge', ['recharge:1000']],
    ['withdrawal', ['withdrawal:200']],
    ['withdrawal_return', ['withdrawal_return:200']],
    ['admin_adjustment', ['admin_adjustment:25']],
    ['trade_profit', ['trade_payout:140']],
    // Stakes of lost trades only: these stakes are no trade's (db financial-records test).
    ['trade_loss', []],
    ['trade_stake', ['trade_stake:30', 'trade_stake:50', 'trade_stake:100']],
    ['trade_refund', ['trade_refund:30']],
    ['not-a-type', 9],
  ])('type=%s selects its bill types', async (type, expected) => {
    const user = await userWithHistory();
    const body = (await records(user.token, `?type=${type}`)).json();
    if (typeof expected === 'number') expect(body.items).toHaveLength(expected);
    else expect(types(body.items)).toEqual(expected);
  });

  it('shows the practice balance’s own movements for account=practice', async () => {
    const user = await userWithHistory();
    const body = (await records(user.token, '?account=practice')).json();
    // The opening Rs 1,00,000 (practice_reset) and the stake.
    expect(types(body.items)).toEqual(['trade_stake:10', 'practice_reset:100000']);
    expect(body.items.every((i: WalletTransactionView) => i.account === 'practice')).toBe(true);
    expect(types((await records(user.token, '?account=practice&type=trade_stake')).json().items)).toEqual([
      'trade_stake:10',
    ]);
  });

  it('has no rows in a currency other than INR', async () => {
    const user = await userWithHistory();
    expect((await records(user.token, '?currency=USD')).json()).toEqual({
      items: [],
      pagination: { total: 0, page: 1, limit: 10, pages: 1 },
    });
    expect((await records(user.token, '?currency=inr')).json().items).toHaveLength(9);
  });

  it('pages and sorts', async () => {
    const user = await userWithHistory();
    const page2 = (await records(user.token, '?limit=4&page=2')).json();
    expect(page2.pagination).toEqual({ total: 9, page: 2, limit: 4, pages: 3 });
    expect(types(page2.items)).toEqual([
      'withdrawal:200',
      'trade_stake:50',
      'trade_payout:140',
      'trade_stake:100',
    ]);
    const oldest = (await records(user.token, '?limit=2&sort=createdAt')).json();
    expect(types(oldest.items)).toEqual(['recharge:1000', 'trade_stake:100']);
  });

  it('shows only the caller’s own movements, and nothing before the first', async () => {
    const user = await userWithHistory();
    const stranger = await createUser(app);
    expect((await records(stranger.token)).json()).toEqual({
      items: [],
      pagination: { total: 0, page: 1, limit: 10, pages: 1 },
    });
    expect((await records(user.token)).json().items).toHaveLength(9);
    const anonymous = await app.inject({ method: 'GET', url: '/api/wallet/transactions/my' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the same for the spec’s alias GET /api/wallet/transactions?mine=1', async () => {
    const user = await userWithHistory();
    const alias = await app.inject({
      method: 'GET',
      url: '/api/wallet/transactions?mine=1&type=trade_profit',
      headers: auth(user.token),
    });
    expect(alias.statusCode, alias.body).toBe(200);
    expect(alias.json()).toEqual((await records(user.token, '?type=trade_profit')).json());
  });
});

describe('GET /api/admin/wallet/transactions/:userId', () => {
  const adminRecords = (token: string, userId: string, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/admin/wallet/transactions/${userId}${query}`,
      headers: auth(token),
    });

  it('gives an admin any user’s records, 20 per page by default, with the same filters', async () => {
    const user = await userWithHistory();
    const res = await adminRecords(admin.token, user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pagination).toEqual({ total: 9, page: 1, limit: 20, pages: 1 });
    const stakes = (await adminRecords(admin.token, user.id, '?type=trade_stake&limit=2')).json();
    expect(types(stakes.items)).toEqual(['trade_stake:30', 'trade_stake:50']);
    expect(stakes.pagination).toEqual({ total: 3, page: 1, limit: 2, pages: 2 });
  });

  it('refuses users, even for their own id', async () => {
    const user = await userWithHistory();
    const res = await adminRecords(user.token, user.id);
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await adminRecords(admin.token, id)).statusCode).toBe(404);
    }
  });
});

describe('GET /api/admin/badges', () => {
  // Counts over whole tables: a database of its own.
  let isolated: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => {
    isolated = await buildIsolatedApp();
  });
  afterAll(() => isolated.close());

  it('counts pending top-ups and withdrawals for admins', async () => {
    const iapp = isolated.app;
    const boss = await createUser(iapp, { role: 'admin' });
    const badges = () => iapp.inject({ method: 'GET', url: '/api/admin/badges', headers: auth(boss.token) });
    expect((await badges()).json()).toEqual({ pendingTopups: 0, pendingWithdrawals: 0 });

    const user = await createUser(iapp);
    const topup = {
      userId: user.id,
      amount: 10_000n,
      voucherKey: 'v.png',
      voucherType: 'image/png',
      voucherSize: 9,
    } as const;
    await iapp.db.insert(topups).values([topup, topup, topup]);
    await iapp.db.transaction((tx) =>
      post(tx, {
        type: 'recharge',
        userId: user.id,
        account: 'real',
        amount: 100_000n,
        counterparty: 'payments',
      }),
    );
    const debit = await iapp.db.transaction((tx) =>
      post(tx, {
        type: 'withdrawal',
        userId: user.id,
        account: 'real',
        amount: -5_000n,
        counterparty: 'payments',
      }),
    );
    await iapp.db.insert(withdrawals).values({
      trxNumber: 'WDBADGE00001',
      userId: user.id,
      amount: 5_000n,
      accountHolderName: 'Asha Verma',
      bankAccountNumber: '123456789',
      bankName: 'Bank',
      ifscCode: 'SBIN0000001',
      debitEntryId: debit.entryId,
    });
    expect((await badges()).json()).toEqual({ pendingTopups: 3, pendingWithdrawals: 1 });

    const refused = await iapp.inject({ method: 'GET', url: '/api/admin/badges', headers: auth(user.token) });
    expect(refused.statusCode).toBe(403);
  });
});
