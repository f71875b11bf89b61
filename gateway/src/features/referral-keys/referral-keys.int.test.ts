import { auditLog, referralKeys } from '@app/db';
import { MSG } from '@app/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildTestApp,
  createKey,
  createUser,
  registration,
  suffix,
  type TestUser,
} from '../../test/helpers.ts';

let app: FastifyInstance;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await createUser(app, { role: 'admin' });
});
afterAll(async () => {
  await app.close();
});

const create = (payload: object, token = admin.token) =>
  app.inject({ method: 'POST', url: '/api/referral-keys', headers: auth(token), payload });
const patch = (id: string, payload: object, token = admin.token) =>
  app.inject({ method: 'PATCH', url: `/api/referral-keys/${id}`, headers: auth(token), payload });
const auditRows = (action: string, targetId: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));

describe('POST /api/referral-keys', () => {
  it('creates a unique 8-character key with defaults, and audits it', async () => {
    const res = await create({ label: '  Campaign A  ' });
    expect(res.statusCode).toBe(201);
    const { key } = res.json();
    expect(key).toMatchObject({
      label: 'Campaign A',
      maxUses: 1,
      usedCount: 0,
      remaining: 1,
      active: true,
      expiresAt: null,
    });
    expect(key.code).toMatch(/^[A-Z0-9]{8}$/);

    const [row] = await app.db.select().from(referralKeys).where(eq(referralKeys.id, key.id));
    expect(row?.createdBy).toBe(admin.id);
    const [entry] = await auditRows('referral_key.create', key.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      targetType: 'referral_key',
      after: { code: key.code },
    });
    expect(entry?.requestId).toBeTruthy();
  });

  const inYears = (years: number) => new Date(Date.now() + years * 365 * 86_400_000).toISOString();

  it('accepts max uses and an expiry, and refuses bad ones', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const ok = await create({ maxUses: 5, expiresAt });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().key).toMatchObject({ maxUses: 5, remaining: 5, expiresAt });

    for (const [payload, message] of [
      [{ maxUses: 0 }, MSG.maxUsesInvalid],
      [{ maxUses: 1.5 }, MSG.maxUsesInvalid],
      [{ maxUses: 'many' }, MSG.maxUsesInvalid],
      [{ maxUses: '0x10' }, MSG.maxUsesInvalid],
      [{ maxUses: '1e2' }, MSG.maxUsesInvalid],
      [{ expiresAt: '2001-01-01' }, MSG.expiryInvalid],
      [{ expiresAt: 'someday' }, MSG.expiryInvalid],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('bounds an expiry by the calendar rule, as every date: real times of day, at most 5 years on', async () => {
    const day = inYears(1).slice(0, 10);
    for (const expiresAt of ['9999-12-31', `${day}T24:00Z`, `${day}T24:00:00.000Z`, inYears(5.1)]) {
      const res = await create({ expiresAt });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(res.json().message).toBe(MSG.expiryInvalid);
    }
    const far = inYears(4.9);
    const ok = await create({ maxUses: '3', expiresAt: far });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().key).toMatchObject({ maxUses: 3, expiresAt: far });
  });
});

describe('GET /api/referral-keys', () => {
  it('searches code or label and pages the result', async () => {
    const tag = `Batch ${suffix()}`;
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push((await create({ label: `${tag} #${i}` })).json().key);

    const byLabel = await app.inject({
      method: 'GET',
      url: `/api/referral-keys?q=${encodeURIComponent(tag)}&page=1&limit=10`,
      headers: auth(admin.token),
    });
    expect(byLabel.statusCode).toBe(200);
    expect(byLabel.json().total).toBe(3);
    // Newest first.
    expect(byLabel.json().rows.map((k: { id: string }) => k.id)).toEqual(keys.map((k) => k.id).reverse());

    const byCode = await app.inject({
      method: 'GET',
      url: `/api/referral-keys?q=${keys[1].code.toLowerCase()}`,
      headers: auth(admin.token),
    });
    expect(byCode.json().rows.map((k: { id: string }) => k.id)).toEqual([keys[1].id]);

    const page2 = await app.inject({
      method: 'GET',
      url: `/api/referral-keys?q=${encodeURIComponent(tag)}&page=2&limit=10`,
      headers: auth(admin.token),
    });
    expect(page2.json()).toEqual({ rows: [], total: 3 });
  });

  it('treats % and _ in the search as plain characters', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/referral-keys?q=%25',
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().rows.every((k: { label: string | null; code: string }) => (k.label ?? '').includes('%')),
    ).toBe(true);
  });
});

describe('PATCH /api/referral-keys/:id', () => {
  it('toggles active and edits max uses, auditing before and after', async () => {
    const key = await createKey(app, { maxUses: 2 });
    const off = await patch(key.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().key).toMatchObject({ active: false, maxUses: 2 });

    const more = await patch(key.id, { maxUses: 10, active: true });
    expect(more.json().key).toMatchObject({ active: true, maxUses: 10, remaining: 10 });

    const entries = await auditRows('referral_key.update', key.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      before: { active: true },
      after: { active: false },
    });
    expect(entries[1]).toMatchObject({ before: { maxUses: 2 }, after: { maxUses: 10 } });
  });

  it('refuses max uses below the used count', async () => {
    const key = await createKey(app, { maxUses: 5, usedCount: 3 });
    const res = await patch(key.id, { maxUses: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.maxUsesBelowUsed);
    expect((await patch(key.id, { maxUses: 3 })).json().key).toMatchObject({ maxUses: 3, remaining: 0 });
    expect(await auditRows('referral_key.update', key.id)).toHaveLength(1);
  });

  it('never lets max uses drop below uses made by concurrent registrations', async () => {
    const key = await createKey(app, { maxUses: 3 });
    const [a, b, lowered] = await Promise.all([
      app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(key.code) }),
      app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(key.code) }),
      patch(key.id, { maxUses: 1 }),
    ]);
    const [row] = await app.db.select().from(referralKeys).where(eq(referralKeys.id, key.id));
    expect(row!.usedCount).toBeLessThanOrEqual(row!.maxUses);
    const registered = [a, b].filter((r) => r.statusCode === 201).length;
    expect(row!.usedCount).toBe(registered);
    if (lowered.statusCode === 200) expect(row!.maxUses).toBe(1);
    else expect(lowered.json().message).toBe(MSG.maxUsesBelowUsed);
  });

  it('needs something to change, and a key that exists', async () => {
    const key = await createKey(app);
    expect((await patch(key.id, {})).statusCode).toBe(400);
    expect((await patch('00000000-0000-4000-8000-000000000000', { active: false })).statusCode).toBe(404);
    expect((await patch('not-a-uuid', { active: false })).statusCode).toBe(404);
  });
});
