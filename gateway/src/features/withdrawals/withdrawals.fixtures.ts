import { randomBytes } from 'node:crypto';
import { users } from '@app/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auth, createUser, type TestUser } from '../../test/helpers.ts';
import { fund } from '../../test/trade-fixtures.ts';

/** Withdrawal test data: users with saved bank details and money, and the request calls. */

export const BANK = {
  accountHolderName: 'Asha Verma',
  bankAccountNumber: '123456789012',
  bankName: 'State Bank of India',
  ifscCode: 'SBIN0001234',
} as const;

export const newKey = () => randomBytes(12).toString('hex');

/** A user with the bank details saved and Rs `rupees` of real money. */
export async function bankedUser(app: FastifyInstance, rupees = 1000): Promise<TestUser> {
  const user = await createUser(app);
  await app.db.update(users).set(BANK).where(eq(users.id, user.id));
  if (rupees > 0) await fund(app, user.id, rupees);
  return user;
}

export function withdraw(app: FastifyInstance, token: string, payload: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    headers: { ...auth(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });
}

export function decide(app: FastifyInstance, token: string, id: string, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: `/api/withdrawals/${id}/status`,
    headers: auth(token),
    payload: payload as Record<string, unknown>,
  });
}

/** A pending withdrawal of Rs `amount` by `user`; its id. */
export async function pendingWithdrawal(app: FastifyInstance, user: TestUser, amount = 100): Promise<string> {
  const res = await withdraw(app, user.token, { amount, method: 'bank' });
  if (res.statusCode !== 201) throw new Error(`withdrawal refused: ${res.statusCode} ${res.body}`);
  return res.json().withdrawal.id;
}
