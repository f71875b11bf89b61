import { MSG } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createUser, GENEROUS_WRITE_LIMITS, uniqueName } from '../../test/helpers.ts';
import { expectHourlyRefusals, statusCounts } from '../../test/limit-fixtures.ts';

/**
 * Account emails asked for in a burst: verification links per account, reset links per
 * username or email named (whether or not an account has it), each a rate per hour with the
 * wait. The address rate per minute is set high here, so only these count.
 */

const PER_HOUR = 3;

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    accountMailRateLimit: 1000,
    writeLimits: { ...GENEROUS_WRITE_LIMITS, accountMailsPerHour: PER_HOUR },
  });
});
afterAll(async () => {
  await app.close();
});

describe('verification emails per account', () => {
  it('10 at once: the hour’s allowance is queued, the rest is 429 with the wait', async () => {
    const user = await createUser(app);
    const resend = (token: string) =>
      app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: auth(token) });
    const answers = await Promise.all(Array.from({ length: 10 }, () => resend(user.token)));
    expect(statusCounts(answers)).toEqual({ 200: PER_HOUR, 429: 10 - PER_HOUR });
    expectHourlyRefusals(answers, MSG.accountMailsTooMany);
    expect((await resend((await createUser(app)).token)).statusCode).toBe(200);
  });
});

describe('reset emails per username or email', () => {
  it('10 at once for one name in any case: the allowance is answered, the rest is 429, the same whether it exists', async () => {
    const user = await createUser(app);
    const forgot = (identifier: string) =>
      app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { identifier } });
    for (const name of [user.email, `${uniqueName('nobody')}@example.com`]) {
      const spellings = [name, name.toUpperCase(), ` ${name} `];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => forgot(spellings[i % spellings.length] as string)),
      );
      expect(statusCounts(answers)).toEqual({ 200: PER_HOUR, 429: 10 - PER_HOUR });
      expectHourlyRefusals(answers, MSG.accountMailsTooMany);
      expect(answers.find((r) => r.statusCode === 200)?.json().message).toBe(MSG.resetLinkSent);
    }
    // The username of the same account is another name, with an allowance of its own.
    expect((await forgot(user.username)).statusCode).toBe(200);
  });
});
