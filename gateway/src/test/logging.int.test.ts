import { randomBytes } from 'node:crypto';
import { users } from '@app/db';
import { MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createKey, createUser, registration, testConfig } from './helpers.ts';

/** Every line the gateway logs, at every level, as written. */
const lines: string[] = [];
const output = () => lines.join('');
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
const secret = (label: string) => `${label}${randomBytes(6).toString('hex')}`;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(testConfig({ logLevel: 'trace' }), {
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('the gateway log keeps secrets', () => {
  it('logs a refused insert by SQLSTATE, constraint and statement name, without its values', async () => {
    const taken = await createUser(app);
    const key = await createKey(app);
    const body = registration(key.code, {
      username: taken.username.toUpperCase(),
      email: `${secret('mail')}@example.com`,
      firstName: secret('First'),
      lastName: secret('Last'),
      password: secret('Pass-'),
    });
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.usernameTaken);

    const requestId = res.headers['x-request-id'];
    const refused = entries().find((e) => e.reqId === requestId && e.msg === 'database refused the request');
    expect(refused?.err).toMatchObject({
      sqlstate: '23505',
      constraint: 'users_username_lower_key',
      table: 'users',
      statement: expect.stringMatching(/^insert users #[0-9a-f]{8}$/),
    });
    const text = output();
    for (const value of [
      body.email,
      body.firstName,
      body.lastName,
      body.password,
      taken.username.toLowerCase(),
    ])
      expect(text).not.toContain(value);
    // The insert's parameters held the new account's argon2 hash.
    expect(text).not.toContain('$argon2');
  });

  it('logs a failed update of a bank number without the number (nor the row in its DETAIL)', async () => {
    const user = await createUser(app);
    const bank = `9${randomBytes(6).readUIntBE(0, 6)}`.slice(0, 16);
    let failure: unknown;
    try {
      await app.db
        .update(users)
        .set({ bankAccountNumber: bank, reputationPoints: 500 })
        .where(eq(users.id, user.id));
    } catch (error) {
      failure = error;
    }
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure ?? {}))).toContain(bank);
    app.log.error({ err: failure }, 'bank update failed');
    const logged = entries().find((e) => e.msg === 'bank update failed');
    expect(logged?.err).toMatchObject({ sqlstate: '23514', constraint: 'users_reputation_range' });
    expect(output()).not.toContain(bank);
    expect(output()).not.toContain(user.email);
  });

  it('redacts credentials, bank numbers and emails in any logged object', () => {
    const values = {
      password: secret('p'),
      token: secret('t'),
      email: `${secret('e')}@example.com`,
      bank: secret('b'),
      auth: secret('a'),
      cookie: secret('c'),
    };
    app.log.info(
      {
        password: values.password,
        body: { newPassword: values.password, email: values.email },
        user: { bank: { bankAccountNumber: values.bank }, token: values.token },
        headers: { authorization: `Bearer ${values.auth}`, cookie: values.cookie },
        req: { url: '/x', headers: { authorization: `Bearer ${values.auth}`, cookie: values.cookie } },
      },
      'redaction check',
    );
    expect(entries().some((e) => e.msg === 'redaction check')).toBe(true);
    for (const value of Object.values(values)) expect(output()).not.toContain(value);
  });

  it('writes one info line per request, with no header, body or secret query value in any line', async () => {
    const values = {
      token: secret('tok'),
      cookie: secret('ck'),
      password: secret('pw'),
      identifier: `${secret('who')}@example.com`,
      query: secret('q'),
    };
    const res = await app.inject({
      method: 'POST',
      url: `/api/auth/login?token=${values.query}&lang=en`,
      headers: { authorization: `Bearer ${values.token}`, cookie: `sid=${values.cookie}` },
      payload: { identifier: values.identifier, password: values.password },
    });
    expect(res.statusCode).toBe(401);
    const requestId = res.headers['x-request-id'];
    const ofRequest = entries().filter((e) => e.reqId === requestId);
    const info = ofRequest.filter((e) => e.level === 30);
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/login?token=[REDACTED]&lang=en',
      statusCode: 401,
      responseTime: expect.any(Number),
    });
    expect(ofRequest.map((e) => e.msg)).not.toContain('incoming request');
    for (const value of Object.values(values)) expect(output()).not.toContain(value);
  });

  it('logs an unknown route as that one line too, its query censored', async () => {
    const value = secret('pw');
    const res = await app.inject({ method: 'GET', url: `/api/no-such-route?password=${value}` });
    expect(res.statusCode).toBe(404);
    const ofRequest = entries().filter((e) => e.reqId === res.headers['x-request-id']);
    expect(ofRequest.filter((e) => e.level === 30)).toEqual([
      expect.objectContaining({ statusCode: 404, url: '/api/no-such-route?password=[REDACTED]' }),
    ]);
    expect(output()).not.toContain(value);
  });
});
