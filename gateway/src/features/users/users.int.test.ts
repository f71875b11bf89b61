import { getBalances, post, users } from '@app/db';
import { MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createUser } from '../../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const bank = {
  accountHolderName: 'Asha Verma',
  bankAccountNumber: '123456789012',
  ifscCode: 'sbin0001234',
  bankName: 'State Bank of India',
};
const row = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0];

describe('PUT /api/user/me/profile', () => {
  it('changes the caller’s names and nothing else, of nobody else', async () => {
    const [me, other] = [await createUser(app), await createUser(app)];
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/me/profile',
      headers: auth(me.token),
      // Fields a user may not set here are ignored, whatever is sent.
      payload: {
        firstName: '  Ravi ',
        lastName: 'Kumar',
        email: 'evil@example.com',
        role: 'superadmin',
        balance: 1e9,
        id: other.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.profileSaved);
    expect(res.json().user).toMatchObject({
      id: me.id,
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: me.email,
      role: 'user',
      balance: 0,
    });

    expect(await row(me.id)).toMatchObject({
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: me.email,
      role: 'user',
    });
    expect((await getBalances(app.db, me.id)).real).toBe(0n);
    expect(await row(other.id)).toMatchObject({ firstName: 'Test', lastName: 'User' });
  });

  it('needs both names', async () => {
    const me = await createUser(app);
    for (const payload of [{ firstName: 'A' }, { firstName: ' ', lastName: 'B' }, {}]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/user/me/profile',
        headers: auth(me.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.profileNamesRequired);
    }
  });
});

describe('PUT /api/user/me/bank', () => {
  it('saves the caller’s bank details only', async () => {
    const [me, other] = [await createUser(app), await createUser(app)];
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/me/bank',
      headers: auth(me.token),
      payload: { ...bank, userId: other.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.bankSaved,
      user: { id: me.id, ...bank, ifscCode: 'SBIN0001234' },
    });
    expect(await row(other.id)).toMatchObject({
      accountHolderName: null,
      bankAccountNumber: null,
      bankName: null,
      ifscCode: null,
    });

    const meAgain = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(me.token) });
    expect(meAgain.json().user.ifscCode).toBe('SBIN0001234');
  });

  it('validates every field with the form messages', async () => {
    const me = await createUser(app);
    const cases: Array<[object, string]> = [
      [{ ...bank, bankName: '' }, MSG.bankFieldsRequired],
      [{ ...bank, bankAccountNumber: '12ab' }, MSG.bankAccountInvalid],
      [{ ...bank, ifscCode: 'SBIN1234567' }, MSG.ifscInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/user/me/bank',
        headers: auth(me.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'PUT', url: '/api/user/me/bank', payload: bank })).statusCode).toBe(
      401,
    );
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/user/me/profile',
          payload: { firstName: 'a', lastName: 'b' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('offers no route that takes another user’s id', async () => {
    const [me, other] = [await createUser(app), await createUser(app)];
    for (const url of [
      `/api/user/${other.id}`,
      `/api/user/${other.id}/profile`,
      `/api/user/${other.id}/bank`,
      `/api/user/${other.id}/balance`,
    ]) {
      const res = await app.inject({
        method: 'PUT',
        url,
        headers: auth(me.token),
        payload: { firstName: 'X', lastName: 'Y', balance: 1 },
      });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await row(other.id)).toMatchObject({ firstName: 'Test' });
    expect((await getBalances(app.db, other.id)).real).toBe(0n);
  });
});

describe('the balance the API shows', () => {
  it('is the real ledger balance in rupees, never the practice one', async () => {
    const me = await createUser(app);
    await app.db.transaction((tx) =>
      post(tx, {
        type: 'recharge',
        userId: me.id,
        account: 'real',
        amount: 1_234_567n,
        counterparty: 'payments',
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(me.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.balance).toBe(12_345.67);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/user/me/profile',
      headers: auth(me.token),
      payload: { firstName: 'A', lastName: 'B' },
    });
    expect(saved.json().user.balance).toBe(12_345.67);
  });
});
