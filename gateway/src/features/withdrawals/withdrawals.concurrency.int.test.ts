import { checkLedgerInvariants, journalEntries, withdrawals } from '@app/db';
import { MSG } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildIsolatedApp, createUser, type TestUser } from '../../test/helpers.ts';
import { balancesOf } from '../../test/trade-fixtures.ts';
import { bankedUser, decide, newKey, pendingWithdrawal, withdraw } from './withdrawals.fixtures.ts';

let app: FastifyInstance;
let close: () => Promise<void>;
let admins: TestUser[];

beforeAll(async () => {
  ({ app, close } = await buildIsolatedApp());
  admins = [await createUser(app, { role: 'admin' }), await createUser(app, { role: 'superadmin' })];
});
afterAll(async () => {
  await close();
});
afterEach(async () => {
  expect(await checkLedgerInvariants(app.db)).toEqual([]);
});

const returnsOf = (id: string) =>
  app.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.reference, id), eq(journalEntries.type, 'withdrawal_return')));

/** Fire `decisions` at once; exactly one must win, the rest be told it is decided. */
async function race(id: string, decisions: Array<'approved' | 'rejected'>) {
  const responses = await Promise.all(
    decisions.map((status, i) =>
      decide(app, (admins[i % admins.length] as TestUser).token, id, { status, remarks: `decision ${i}` }),
    ),
  );
  const won = responses.filter((r) => r.statusCode === 200);
  const lost = responses.filter((r) => r.statusCode !== 200);
  expect(won).toHaveLength(1);
  for (const r of lost) {
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MSG.requestAlreadyDecided);
  }
  const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  expect(row?.status).toBe(won[0]?.json().withdrawal.status);
  return row?.status;
}

describe('decisions at the same moment', () => {
  it('approve and reject of the same withdrawal: one outcome, the money back at most once', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await bankedUser(app, 1000);
      const id = await pendingWithdrawal(app, user, 400);
      const outcome = await race(id, ['approved', 'rejected']);
      const returns = await returnsOf(id);
      if (outcome === 'rejected') {
        expect(returns).toHaveLength(1);
        expect((await balancesOf(app, user.id)).real).toBe(1000);
      } else {
        expect(returns).toHaveLength(0);
        expect((await balancesOf(app, user.id)).real).toBe(600);
      }
    }
  });

  it('10 mixed decisions: exactly one 200, the rest 409', async () => {
    const user = await bankedUser(app, 1000);
    const id = await pendingWithdrawal(app, user, 250);
    const outcome = await race(
      id,
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'rejected' : 'approved')),
    );
    const returns = await returnsOf(id);
    expect(returns).toHaveLength(outcome === 'rejected' ? 1 : 0);
    expect((await balancesOf(app, user.id)).real).toBe(outcome === 'rejected' ? 1000 : 750);
  });
});

describe('requests at the same moment', () => {
  it('accepts exactly 10 of 20 concurrent Rs 100 requests against Rs 1,000; the balance never goes negative', async () => {
    const user = await bankedUser(app, 1000);
    let running = true;
    const seen: number[] = [];
    // Each sample waits for its query, so the loop needs no pause of its own.
    const sampler = (async () => {
      while (running) seen.push((await balancesOf(app, user.id)).real);
    })();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(app, user.token, { amount: 100, method: 'bank' })),
    );
    running = false;
    await sampler;

    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(10);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(MSG.withdrawalAboveAvailable);
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    expect((await balancesOf(app, user.id)).real).toBe(0);
    expect(await app.db.$count(withdrawals, eq(withdrawals.userId, user.id))).toBe(10);
    expect(new Set(accepted.map((r) => r.json().withdrawal.trxNumber as string)).size).toBe(10);
  });

  it('10 parallel retries with one Idempotency-Key: one withdrawal, one debit', async () => {
    const user = await bankedUser(app, 1000);
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(app, user.token, { amount: 150, method: 'bank' }, key)),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(new Set(responses.map((r) => r.json().withdrawal.id as string)).size).toBe(1);
    const rows = await app.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(rows).toHaveLength(1);
    const debits = await app.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, user.id), eq(journalEntries.type, 'withdrawal')));
    expect(debits).toHaveLength(1);
    expect((await balancesOf(app, user.id)).real).toBe(850);
  });
});
