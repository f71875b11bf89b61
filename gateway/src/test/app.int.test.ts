import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG, retryLaterMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { OUTAGE_RETRY_SECONDS } from '../lib/errors.ts';
import { buildTestApp, createUser, TEST_PASSWORD, testConfig } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('health and docs', () => {
  it('reports both stores up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, db: true, redis: true });
  });

  it('with Redis away: health says so, and sign-in (rate-limited) answers 503 with Retry-After instead of going unlimited', async () => {
    const broken = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const res = await broken.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, db: true, redis: false });
      expect(res.json().degraded).toContain('redis');
      const user = await createUser(broken);
      const login = await broken.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: user.username, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe(String(OUTAGE_RETRY_SECONDS));
      expect(login.json().message).toBe(retryLaterMessage(MSG.briefOutage, OUTAGE_RETRY_SECONDS));
    } finally {
      await broken.close();
    }
  });

  it('with PostgreSQL away: health says so, and what needs it answers 503 with Retry-After, never 500', async () => {
    const broken = await buildTestApp({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    try {
      const health = await broken.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ ok: false, db: false, redis: true });
      expect(health.json().degraded).toContain('db');
      const login = await broken.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: 'someone', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe(String(OUTAGE_RETRY_SECONDS));
      expect(login.json().message).toBe(retryLaterMessage(MSG.briefOutage, OUTAGE_RETRY_SECONDS));
    } finally {
      await broken.close();
    }
  });

  it('publishes OpenAPI for every route, with request and response schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, m]) =>
      Object.keys(m).map((k) => `${k.toUpperCase()} ${p}`),
    );
    expect(routes.sort()).toEqual(
      [
        'POST /api/auth/register',
        'POST /api/auth/login',
        'GET /api/auth/me',
        'PUT /api/auth/change-password',
        'POST /api/auth/logout-all',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
        'POST /api/auth/verify-email',
        'POST /api/auth/resend-verification',
        'GET /api/auth/2fa',
        'POST /api/auth/2fa/setup',
        'POST /api/auth/2fa/enable',
        'POST /api/auth/2fa/disable',
        'POST /api/auth/2fa/verify',
        'POST /api/admin/users/{id}/unlock',
        'PUT /api/user/me/profile',
        'PUT /api/user/me/bank',
        'GET /api/user/me/limits',
        'PUT /api/user/me/limits',
        'POST /api/user/me/cool-off',
        'POST /api/user/me/self-exclusion',
        'POST /api/user/me/disclosure',
        'POST /api/reputation/visit',
        'GET /api/site',
        'GET /api/health',
        'GET /api/referral-keys',
        'POST /api/referral-keys',
        'PATCH /api/referral-keys/{id}',
        'GET /api/admin-stats/login-history',
        'GET /api/admin-stats/cards',
        'POST /api/superadmin/create-user',
        'POST /api/superadmin/create-admin',
        'GET /api/superadmin/site',
        'PUT /api/superadmin/site',
        'GET /api/superadmin/overview',
        'GET /api/market',
        'GET /api/market/feed',
        'GET /api/sparkline',
        'GET /api/candles',
        'GET /api/binance/usdt-inr',
        'GET /api/binance/stats/{pair}',
        'GET /api/binance/orderbook/{pair}',
        'GET /api/trade-setting',
        'POST /api/trade-setting',
        'PUT /api/trade-setting/{id}',
        'DELETE /api/trade-setting/{id}',
        'POST /api/trades',
        'GET /api/trades',
        'GET /api/trades/{id}',
        'GET /api/trade-log',
        'GET /api/trade-log/my',
        'GET /api/trade-log/user/{id}',
        'POST /api/admin/trades/{id}/cancel',
        'GET /api/trading-halt',
        'GET /api/superadmin/trading-halt',
        'PUT /api/superadmin/trading-halt',
        'GET /api/user/me/balances',
        'POST /api/user/me/practice/reset',
        'POST /api/topups',
        'GET /api/topups/my',
        'GET /api/topups',
        'PUT /api/topups/{id}/approve',
        'PUT /api/topups/{id}/reject',
        'GET /api/topups/{id}/voucher',
        'POST /api/withdrawals',
        'GET /api/withdrawals/my',
        'GET /api/withdrawals',
        'GET /api/withdrawals/{id}',
        'PUT /api/withdrawals/{id}/status',
        'GET /api/wallet/transactions/my',
        'GET /api/user/me/statement',
        'GET /api/wallet/transactions',
        'GET /api/admin/wallet/transactions/{userId}',
        'PUT /api/admin/users/{id}/hold',
        'GET /api/admin/badges',
        'GET /api/notifications',
        'GET /api/notifications/unread-count',
        'POST /api/notifications/{id}/read',
        'POST /api/notifications/read-all',
        'POST /api/admin/notifications',
        'GET /api/admin/notifications/jobs/{id}',
        'GET /api/announcements',
        'GET /api/admin/announcements',
        'POST /api/admin/announcements',
        'PUT /api/admin/announcements/{id}',
        'DELETE /api/admin/announcements/{id}',
        'DELETE /api/admin/coins/{symbol}',
        'GET /api/admin/audit',
        'GET /api/admin/coins',
        'GET /api/admin/risk-limits',
        'GET /api/admin/risk/exposure',
        'GET /api/admin/users',
        'GET /api/admin/users/export.csv',
        'GET /api/admin/users/{id}',
        'GET /api/user/me/admin-actions',
        'POST /api/admin/coins',
        'POST /api/admin/users/{id}/balance-adjustments',
        'POST /api/admin/users/{id}/ban',
        'POST /api/admin/users/{id}/unban',
        'POST /api/reputation/admin/adjust',
        'PUT /api/admin/risk-limits',
        'PUT /api/admin/users/{id}',
        'PUT /api/admin/users/{id}/password',
        'GET /api/tickets',
        'POST /api/tickets',
        'GET /api/tickets/{id}',
        'POST /api/tickets/{id}/messages',
        'GET /api/admin/tickets',
        'GET /api/admin/tickets/{id}',
        'PATCH /api/admin/tickets/{id}/status',
        'POST /api/admin/tickets/{id}/messages',
      ].sort(),
    );
    const register = doc.paths['/api/auth/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'email', 'referral', 'firstName', 'lastName', 'password']),
    );
    expect(register.responses['201'].content['application/json'].schema.properties).toHaveProperty('token');
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('bad input is a 4xx, never a 500', () => {
  const post = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });

  it('answers malformed JSON with 400', async () => {
    const res = await post('{"identifier": "a", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers wrong types with the form message', async () => {
    for (const payload of [
      '{"identifier": 5, "password": ["x"]}',
      '[]',
      'null',
      '"text"',
      '{"identifier": {"$ne": 1}, "password": "x"}',
    ]) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const typed = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 12345, email: true },
    });
    expect(typed.json().message).toBe(MSG.usernameInvalid);
  });

  it('refuses prototype pollution attempts', async () => {
    const res = await post('{"identifier": "a", "password": "b", "__proto__": {"admin": true}}');
    expect(res.statusCode).toBe(400);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post('identifier=a&password=b', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
  });

  it('answers a huge body with 413', async () => {
    const res = await post(JSON.stringify({ identifier: 'a', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
  });

  it('treats an empty JSON body as no body', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.loginRequired);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    for (const url of ['/api/nope', '/api', '/api/auth/me/extra']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: MSG.notFound });
    }
  });
});

describe('errors and headers', () => {
  it('hides the details of a server error and returns the request id', async () => {
    const broken = await buildApp(testConfig());
    broken.get('/api/boom', { schema: { audience: 'public' } }, async () => {
      throw new Error('secret internals: connection string postgres://x');
    });
    try {
      const res = await broken.inject({ method: 'GET', url: '/api/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: MSG.serverError,
        requestId: res.headers['x-request-id'],
      });
      expect(res.body).not.toMatch(/secret|postgres/);
    } finally {
      await broken.close();
    }
  });

  it("sends the API's data answers the data headers, without a page's policies", async () => {
    for (const url of ['/api/site', '/api/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=/);
      expect(res.headers, url).not.toHaveProperty('referrer-policy');
      expect(res.headers, url).not.toHaveProperty('cross-origin-opener-policy');
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the built web app', () => {
  let dir: string;
  let web: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    web = await buildTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends pages and files security headers with a CSP that lets the web app run', async () => {
    for (const url of ['/trade/BTC-INR', '/assets/app.js', '/assets/gone.js']) {
      const res = await web.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp, url).toContain("img-src 'self' https: data: blob:");
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('serves files, and index.html for client routes', async () => {
    const js = await web.inject({ method: 'GET', url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
    for (const url of ['/', '/home', '/trade/BTC-INR', '/app-panel/users?page=2']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps API misses as 404 JSON and does not serve the app to other methods', async () => {
    const api = await web.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe(MSG.notFound);
    expect((await web.inject({ method: 'POST', url: '/home' })).statusCode).toBe(404);
    expect((await web.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
  });
});
