import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { checkLedgerInvariants, topups } from '@app/db';
import { MSG, VOUCHER_MAX_BYTES } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, GENEROUS_WRITE_LIMITS, type TestUser } from '../../test/helpers.ts';
import { createWalletEvents } from '../notifications/notifications.events.ts';
import {
  aPng,
  buildTopupsApp,
  jpegBytes,
  multipartOf,
  pngBytes,
  postTopup,
  rawMultipart,
  requestTopup,
  type TopupForm,
  voucherFiles,
  webpBytes,
} from './topups.fixtures.ts';
import { createTopupsService } from './topups.service.ts';
import { createVoucherStore } from './topups.storage.ts';

let app: FastifyInstance;
let voucherDir: string;
let close: () => Promise<void>;
let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ({ app, voucherDir, close } = await buildTopupsApp());
  [user, admin] = await Promise.all([createUser(app), createUser(app, { role: 'admin' })]);
});
afterAll(async () => {
  await close();
});
afterEach(async () => {
  expect(await checkLedgerInvariants(app.db)).toEqual([]);
});

const send = async (form: TopupForm, token = user.token, headers: Record<string, string> = {}) =>
  postTopup(app, token, await multipartOf(form), headers);
const rowsOf = (userId: string) => app.db.select().from(topups).where(eq(topups.userId, userId));
const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });

describe('POST /api/topups', () => {
  it.each([
    ['receipt.jpg', 'image/jpeg', jpegBytes(), 'jpg'],
    ['receipt.png', 'image/png', pngBytes(), 'png'],
    ['receipt.webp', 'image/webp', webpBytes(), 'webp'],
    ['scan', '', pngBytes(), 'png'],
  ])('accepts %s (%s) as a pending request', async (name, type, bytes, ext) => {
    const someone = await createUser(app);
    const res = await send(
      { amount: '1234.5', currency: 'INR', voucher: { bytes, name, type } },
      someone.token,
    );
    expect(res.statusCode).toBe(201);
    const { topup, message } = res.json();
    expect(message).toBe(MSG.topupSent);
    expect(topup).toMatchObject({
      amount: 1234.5,
      currency: 'INR',
      status: 'pending',
      remarks: null,
      decidedAt: null,
      voucherUrl: `/api/topups/${topup.id}/voucher`,
      voucherType: type || 'image/png',
    });

    const [row] = await rowsOf(someone.id);
    expect(row).toMatchObject({ id: topup.id, amount: 123_450n, voucherSize: bytes.length });
    // Stored under a random name with the detected type's extension, readable by us only.
    expect(row?.voucherKey).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
    const file = await stat(join(voucherDir, row?.voucherKey ?? ''));
    expect(file.mode & 0o777).toBe(0o600);
    expect((await stat(voucherDir)).mode & 0o777).toBe(0o700);
  });

  it('accepts a voucher of exactly 5242880 bytes', async () => {
    const res = await send({ amount: '10', voucher: aPng(VOUCHER_MAX_BYTES) });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(topups).where(eq(topups.id, res.json().topup.id));
    expect(row?.voucherSize).toBe(VOUCHER_MAX_BYTES);
  });

  describe('refuses, storing no row and no file', () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const cases: Array<[string, TopupForm, string]> = [
      [
        'HTML named .jpg',
        { amount: '100', voucher: { bytes: html, name: 'a.jpg', type: 'image/jpeg' } },
        MSG.voucherNotImage,
      ],
      [
        'SVG named .jpg',
        { amount: '100', voucher: { bytes: svg, name: 'a.jpg', type: 'image/jpeg' } },
        MSG.voucherNotImage,
      ],
      [
        'PNG bytes declared image/jpeg',
        { amount: '100', voucher: { bytes: pngBytes(), name: 'a.jpg', type: 'image/jpeg' } },
        MSG.voucherNotImage,
      ],
      [
        'PNG bytes declared text/html',
        { amount: '100', voucher: { bytes: pngBytes(), name: 'a.png', type: 'text/html' } },
        MSG.voucherNotImage,
      ],
      [
        'a file name with a path',
        { amount: '100', voucher: { bytes: pngBytes(), name: '../../evil.png', type: 'image/png' } },
        MSG.voucherNotImage,
      ],
      [
        'a file name with a backslash',
        { amount: '100', voucher: { bytes: pngBytes(), name: '..\\evil.png', type: 'image/png' } },
        MSG.voucherNotImage,
      ],
      ['5242880 + 1 bytes', { amount: '100', voucher: aPng(VOUCHER_MAX_BYTES + 1) }, MSG.voucherTooLarge],
      [
        'an empty file',
        { amount: '100', voucher: { bytes: new Uint8Array(), name: 'a.png', type: 'image/png' } },
        MSG.voucherRequired,
      ],
      ['no voucher', { amount: '100', currency: 'INR' }, MSG.voucherRequired],
      ['no amount', { voucher: aPng() }, MSG.topupAmountInvalid],
      ['amount 0', { amount: '0', voucher: aPng() }, MSG.topupAmountInvalid],
      ['amount -1', { amount: '-1', voucher: aPng() }, MSG.topupAmountInvalid],
      ['amount abc', { amount: 'abc', voucher: aPng() }, MSG.topupAmountInvalid],
      ['amount 1.234', { amount: '1.234', voucher: aPng() }, MSG.topupAmountInvalid],
      [
        'an amount before a bad voucher',
        { amount: '', voucher: { bytes: html, name: 'a.jpg', type: 'image/jpeg' } },
        MSG.topupAmountInvalid,
      ],
      ['currency USD', { amount: '100', currency: 'USD', voucher: aPng() }, MSG.currencyInvalid],
    ];
    it.each(cases)('%s', async (_name, form, message) => {
      const someone = await createUser(app);
      const before = await voucherFiles(voucherDir);
      const res = await send(form, someone.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await rowsOf(someone.id)).toEqual([]);
      expect(await voucherFiles(voucherDir)).toEqual(before);
    });

    it.each([
      [
        'a control character in the name',
        'Content-Disposition: form-data; name="voucher"; filename="a\x01.png"',
        'Content-Type: image/png',
      ],
      [
        'a part that declares no type',
        'Content-Disposition: form-data; name="voucher"; filename="a.png"',
        '',
      ],
    ])('%s', async (_name, disposition, type) => {
      const someone = await createUser(app);
      const before = await voucherFiles(voucherDir);
      const body = rawMultipart([
        { headers: ['Content-Disposition: form-data; name="amount"'], body: '100' },
        { headers: [disposition, type].filter(Boolean), body: pngBytes() },
      ]);
      const res = await postTopup(app, someone.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.voucherNotImage);
      expect(await rowsOf(someone.id)).toEqual([]);
      expect(await voucherFiles(voucherDir)).toEqual(before);
    });

    it('a JSON body (no voucher can come with it)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/topups',
        headers: auth(user.token),
        payload: { amount: 100 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.voucherRequired);
    });
  });

  it('needs a logged-in user', async () => {
    const { payload, contentType } = await multipartOf({ amount: '1', voucher: aPng() });
    const res = await app.inject({
      method: 'POST',
      url: '/api/topups',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a retry with the same Idempotency-Key with the first top-up and stores nothing new', async () => {
    const someone = await createUser(app);
    const key = { 'idempotency-key': `topup-${someone.id}` };
    const first = await send({ amount: '500', voucher: aPng() }, someone.token, key);
    expect(first.statusCode).toBe(201);
    const files = await voucherFiles(voucherDir);

    const again = await send({ amount: '500', voucher: aPng() }, someone.token, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const other = await send({ amount: '501', voucher: aPng() }, someone.token, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(MSG.idempotencyKeyReusedRequest);

    expect(await rowsOf(someone.id)).toHaveLength(1);
    expect(await voucherFiles(voucherDir)).toEqual(files);

    const bad = await send({ amount: '500', voucher: aPng() }, someone.token, { 'idempotency-key': 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps one request and one file when retries with the same key arrive at once', async () => {
    const someone = await createUser(app);
    const key = { 'idempotency-key': `burst-${someone.id}` };
    const before = (await voucherFiles(voucherDir)).length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send({ amount: '75', voucher: aPng() }, someone.token, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().topup.id)).size).toBe(1);
    expect(await rowsOf(someone.id)).toHaveLength(1);
    expect((await voucherFiles(voucherDir)).length).toBe(before + 1);
  });
});

describe('GET /api/topups/my', () => {
  it('lists the caller’s own top-ups, newest first, 5 per page, by status', async () => {
    const [owner, other] = await Promise.all([createUser(app), createUser(app)]);
    const mine = [];
    for (let i = 1; i <= 6; i++) mine.push(await requestTopup(app, owner.token, String(i)));
    await requestTopup(app, other.token);

    const page1 = await get('/api/topups/my', owner.token);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().pagination).toEqual({ total: 6, page: 1, limit: 5, pages: 2 });
    expect(page1.json().items.map((t: { id: string }) => t.id)).toEqual(
      mine
        .slice(1)
        .reverse()
        .map((t) => t.id),
    );
    const page2 = await get('/api/topups/my?page=2', owner.token);
    expect(page2.json().items.map((t: { id: string }) => t.id)).toEqual([mine[0]?.id]);

    const approved = await get('/api/topups/my?status=approved', owner.token);
    expect(approved.json()).toMatchObject({ items: [], pagination: { total: 0 } });
    const all = await get('/api/topups/my?status=all&limit=10', owner.token);
    expect(all.json().items).toHaveLength(6);
  });
});

describe('GET /api/topups (admins)', () => {
  it('lists pending top-ups with their users by default, every status with all', async () => {
    const someone = await createUser(app);
    const topup = await requestTopup(app, someone.token, '42');
    const res = await get('/api/topups?limit=200', admin.token);
    expect(res.statusCode).toBe(200);
    const items: Array<{ id: string; status: string; user: object }> = res.json().items;
    expect(items.every((t) => t.status === 'pending')).toBe(true);
    expect(items.find((t) => t.id === topup.id)).toMatchObject({
      amount: 42,
      user: {
        id: someone.id,
        firstName: 'Test',
        lastName: 'User',
        username: someone.username,
        email: someone.email,
      },
    });
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 200 });

    const defaults = await get('/api/topups', admin.token);
    expect(defaults.json().pagination.limit).toBe(20);
    const all = await get('/api/topups?status=all', admin.token);
    expect(all.json().pagination.total).toBe((await app.db.select().from(topups)).length);
  });

  it('is for admins only', async () => {
    expect((await get('/api/topups', user.token)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/topups' })).statusCode).toBe(401);
  });
});

describe('GET /api/topups/:id/voucher', () => {
  it('streams the voucher to its owner and to admins, with the detected type and nosniff', async () => {
    const owner = await createUser(app);
    const bytes = jpegBytes(4096);
    const created = await send(
      { amount: '9', voucher: { bytes, name: 'r.jpg', type: 'image/jpeg' } },
      owner.token,
    );
    const { voucherUrl } = created.json().topup;
    const superadmin = await createUser(app, { role: 'superadmin' });

    for (const who of [owner, admin, superadmin]) {
      const res = await get(voucherUrl, who.token);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-length': String(bytes.length),
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline; filename="voucher.jpg"',
        'cache-control': 'private, no-store',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    }
  });

  it('answers 404 to anyone else, as for a top-up that does not exist', async () => {
    const [owner, stranger] = await Promise.all([createUser(app), createUser(app)]);
    const topup = await requestTopup(app, owner.token);
    const theirs = await get(`/api/topups/${topup.id}/voucher`, stranger.token);
    const nobodys = await get('/api/topups/00000000-0000-4000-8000-000000000000/voucher', stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(nobodys.statusCode).toBe(404);
    expect(theirs.json().message).toBe(nobodys.json().message);
    expect((await app.inject({ method: 'GET', url: `/api/topups/${topup.id}/voucher` })).statusCode).toBe(
      401,
    );
  });
});

describe('createTopupsService', () => {
  it('deletes the written voucher when the row cannot be stored', async () => {
    const service = createTopupsService({
      db: app.db,
      caps: GENEROUS_WRITE_LIMITS.topups,
      store: createVoucherStore(voucherDir),
      events: createWalletEvents(app.io, app.db),
      log: app.log,
    });
    const before = await voucherFiles(voucherDir);
    const voucher = { filename: 'a.png', mimetype: 'image/png', bytes: pngBytes(), truncated: false };
    // No such user: the insert fails on its foreign key after the file was written.
    await expect(service.create(randomUUID(), { fields: { amount: '5' }, voucher })).rejects.toThrow();
    expect(await voucherFiles(voucherDir)).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('documents every top-up route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    expect(paths['/api/topups']?.post).toBeDefined();
    expect(paths['/api/topups']?.get).toBeDefined();
    expect(paths['/api/topups/{id}/voucher']?.get).toBeDefined();
    expect(paths['/api/topups/{id}/approve']?.put).toBeDefined();
    expect(paths['/api/topups/{id}/reject']?.put).toBeDefined();
    expect(paths['/api/topups/my']?.get).toBeDefined();
  });
});
