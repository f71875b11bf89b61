import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import { post } from './index.ts';
import { createUser, fund } from './money.fixtures.ts';
import {
  createNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  pendingRequestCounts,
  unreadNotificationCount,
} from './notifications.ts';
import { notifications, topups, withdrawals } from './schema/index.ts';
import { createTestDatabase } from './testing.ts';

const client = createDb(inject('databaseUrl'), { max: 4 });
afterAll(() => client.close());
const { db } = client;

const BASE = Date.UTC(2026, 0, 5, 9, 0, 0);

/** `n` notifications for the user, one second apart, oldest first (titles n0, n1, ...). */
async function seedNotifications(userId: string, n: number) {
  return db
    .insert(notifications)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        title: `n${i}`,
        createdAt: new Date(BASE + i * 1000),
      })),
    )
    .returning();
}

describe('createNotification', () => {
  it('stores an unread notification with its data and counts it', async () => {
    const userId = await createUser(db);
    const row = await createNotification(db, {
      userId,
      type: 'credit',
      title: 'Credit added',
      body: 'Rs 100',
      data: { amount: 100 },
    });
    expect(row).toMatchObject({
      userId,
      type: 'credit',
      title: 'Credit added',
      data: { amount: 100 },
      readAt: null,
    });
    expect(await unreadNotificationCount(db, userId)).toBe(1);
  });
});

describe('listNotifications', () => {
  it('pages the user’s own notifications newest first with total and unread counts', async () => {
    const userId = await createUser(db);
    const other = await createUser(db);
    const rows = await seedNotifications(userId, 5);
    await seedNotifications(other, 2);
    await markNotificationRead(db, userId, rows[0]!.id);

    const first = await listNotifications(db, userId, { limit: 2, offset: 0 });
    expect(first.rows.map((r) => r.title)).toEqual(['n4', 'n3']);
    expect(first).toMatchObject({ total: 5, unread: 4 });
    const last = await listNotifications(db, userId, { limit: 2, offset: 4 });
    expect(last.rows.map((r) => r.title)).toEqual(['n0']);
    expect(last.rows[0]?.readAt).toBeInstanceOf(Date);
  });

  it('answers an empty page for a user with none', async () => {
    const userId = await createUser(db);
    expect(await listNotifications(db, userId, { limit: 20, offset: 0 })).toEqual({
      rows: [],
      total: 0,
      unread: 0,
    });
  });
});

describe('markNotificationRead', () => {
  it('marks the user’s own notification once and keeps the first read time', async () => {
    const userId = await createUser(db);
    const [row] = await seedNotifications(userId, 1);
    expect(await markNotificationRead(db, userId, row!.id)).toBe(true);
    const [read] = (await listNotifications(db, userId, { limit: 1, offset: 0 })).rows;
    expect(read?.readAt).toBeInstanceOf(Date);
    expect(await markNotificationRead(db, userId, row!.id)).toBe(true);
    const [again] = (await listNotifications(db, userId, { limit: 1, offset: 0 })).rows;
    expect(again?.readAt).toEqual(read?.readAt);
    expect(await unreadNotificationCount(db, userId)).toBe(0);
  });

  it('answers false for another user’s notification and leaves it unread', async () => {
    const owner = await createUser(db);
    const intruder = await createUser(db);
    const [row] = await seedNotifications(owner, 1);
    expect(await markNotificationRead(db, intruder, row!.id)).toBe(false);
    expect(await markNotificationRead(db, owner, '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await unreadNotificationCount(db, owner)).toBe(1);
  });
});

describe('markAllNotificationsRead', () => {
  it('marks every unread notification of the user and no one else’s', async () => {
    const userId = await createUser(db);
    const other = await createUser(db);
    const rows = await seedNotifications(userId, 3);
    await seedNotifications(other, 2);
    await markNotificationRead(db, userId, rows[1]!.id);
    expect(await markAllNotificationsRead(db, userId)).toBe(2);
    expect(await unreadNotificationCount(db, userId)).toBe(0);
    expect(await unreadNotificationCount(db, other)).toBe(2);
    expect(await markAllNotificationsRead(db, userId)).toBe(0);
  });
});

describe('pendingRequestCounts', () => {
  // Counts over the whole table: a database of its own, since other files add requests.
  let isolated: { db: Db; close: () => Promise<void> };
  beforeAll(async () => {
    const database = await createTestDatabase(inject('adminDatabaseUrl'));
    const c = createDb(database.url, { max: 2 });
    isolated = {
      db: c.db,
      close: async () => {
        await c.close();
        await database.drop();
      },
    };
  });
  afterAll(() => isolated.close());

  it('counts pending top-ups and withdrawals only', async () => {
    const idb = isolated.db;
    expect(await pendingRequestCounts(idb)).toEqual({ pendingTopups: 0, pendingWithdrawals: 0 });
    const userId = await createUser(idb);
    await fund(idb, userId, 100_000n);
    const topup = {
      userId,
      amount: 10_000n,
      voucherKey: 'k.png',
      voucherType: 'image/png',
      voucherSize: 10,
    } as const;
    await idb
      .insert(topups)
      .values([topup, topup, { ...topup, status: 'rejected', decidedAt: new Date(), remarks: 'no' }]);
    for (const trx of ['WDTEST000001', 'WDTEST000002']) {
      const debit = await idb.transaction((tx) =>
        post(tx, { type: 'withdrawal', userId, account: 'real', amount: -5_000n, counterparty: 'payments' }),
      );
      await idb.insert(withdrawals).values({
        trxNumber: trx,
        userId,
        amount: 5_000n,
        accountHolderName: 'Asha Verma',
        bankAccountNumber: '123456789',
        bankName: 'Bank',
        ifscCode: 'SBIN0000001',
        debitEntryId: debit.entryId,
      });
    }
    expect(await pendingRequestCounts(idb)).toEqual({ pendingTopups: 2, pendingWithdrawals: 2 });
  });
});
