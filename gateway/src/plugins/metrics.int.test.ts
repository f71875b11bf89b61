import { placeTrade, settleTrade, tradeSettings } from '@app/db';
import { marketKeys, workerKeys } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../test/helpers.ts';
import { archive, makeTick, toE8, workerRedis } from '../test/market-fixtures.ts';
import { buildTradingApp, fund, newKey, type TradingApp } from '../test/trade-fixtures.ts';
import { METRICS } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-test-0123';

let trading: TradingApp;
let app: FastifyInstance;
let redis: Redis;

beforeAll(async () => {
  trading = await buildTradingApp('metrics', { metricsToken: TOKEN });
  app = trading.app;
  redis = workerRedis(trading.prefix);
});
afterAll(async () => {
  redis?.disconnect();
  await trading?.close();
});

const scrape = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (line === undefined) return undefined;
  const value = line.slice(series.length + 1);
  return value === '+Inf' ? Number.POSITIVE_INFINITY : Number(value);
}

/** A real-money trade on ETH placed two minutes ago (the 20 s duration), by the money functions. */
async function pastTrade() {
  const user = await createUser(app);
  await fund(app, user.id, 1_000);
  const placedAt = Date.now() - 120_000;
  await archive(app.db, 'ETH', [{ at: placedAt - 100, price: 2_000 }]);
  const [setting] = await app.db
    .select()
    .from(tradeSettings)
    .where(eq(tradeSettings.id, trading.settings.s20));
  if (!setting) throw new Error('no 20 s setting');
  const placed = await placeTrade(app.db, {
    userId: user.id,
    session: { tokenVersion: 0 },
    account: 'real',
    symbol: 'ETH',
    direction: 'up',
    amountPaise: 10_000n,
    setting,
    entryTick: {
      symbol: 'ETH',
      priceE8: toE8(2_000),
      aggTradeId: 1,
      exchangeTs: new Date(placedAt - 100),
      source: 'binance',
    },
    now: new Date(placedAt),
    maxTickAgeMs: 3_000,
    idempotencyKey: newKey(),
  });
  return placed.trade;
}

describe('GET /metrics', () => {
  it('exposes every named series in the Prometheus text format', async () => {
    const now = Date.now();
    await redis.set(
      marketKeys.price('BTC'),
      JSON.stringify(makeTick('BTC', 60_000, { receivedAt: now - 1_000 })),
    );
    for (let i = 10; i >= 1; i--) {
      await redis.lpush(
        marketKeys.ticks('BTC'),
        JSON.stringify(makeTick('BTC', 60_000, { receivedAt: now - i * 500 })),
      );
    }
    await redis.set(workerKeys.ledgerCheck(), JSON.stringify({ at: now - 5_000, violations: 2, sample: [] }));
    // One trade settled (voided: no price after its expiry) and one left running past its expiry.
    const settled = await pastTrade();
    await settleTrade(app.db, settled.id, { staleAfterMs: 5_000 });
    await pastTrade();
    await app.inject({ method: 'GET', url: '/api/health' });

    // Trades settled in the last moment are read by the next scrape.
    let text = '';
    await expect
      .poll(
        async () => {
          text = (await scrape()).body;
          return sample(text, `${METRICS.settlementLateness}_count`);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    text = res.body;
    for (const name of Object.values(METRICS)) expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');

    expect(sample(text, `${METRICS.feedAge}{symbol="BTC"}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `${METRICS.feedAge}{symbol="BTC"}`)).toBeLessThan(60);
    expect(sample(text, `${METRICS.feedAge}{symbol="SOL"}`)).toBe(Number.POSITIVE_INFINITY);
    expect(sample(text, `${METRICS.ticksPerSecond}{symbol="BTC"}`)).toBeGreaterThan(0);
    expect(sample(text, `${METRICS.overdueTrades}`)).toBe(1);
    expect(sample(text, `${METRICS.ledgerViolations}`)).toBe(2);
    expect(sample(text, `${METRICS.ledgerCheckAge}`)).toBeGreaterThanOrEqual(5);
    expect(sample(text, `${METRICS.queueJobs}{queue="settlement",state="failed"}`)).toBe(0);
    expect(sample(text, `${METRICS.pgMaxConnections}`)).toBeGreaterThan(0);
    expect(sample(text, `${METRICS.pgPoolMax}`)).toBeGreaterThan(0);
    expect(text).toMatch(
      new RegExp(`^${METRICS.pgConnections}\\{application="gateway",state="\\w+"\\} \\d+`, 'm'),
    );
    expect(
      sample(text, `${METRICS.httpDuration}_count{route="/api/health",method="GET",status_class="2xx"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, `${METRICS.openSockets}`)).toBe(0);
    for (const source of ['market', 'settlement', 'ledger', 'queues', 'postgres']) {
      expect(sample(text, `${METRICS.sourceUp}{source="${source}"}`)).toBe(1);
    }
  });

  it('answers another machine only with the token', async () => {
    const outside = '203.0.113.7';
    const none = await scrape({}, outside);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape({ authorization: 'Bearer not-the-token-at-all' }, outside)).statusCode).toBe(401);
    const ok = await scrape({ authorization: `Bearer ${TOKEN}` }, outside);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain(`# TYPE ${METRICS.feedAge} gauge`);
  });

  it('takes a request forwarded by a proxy on this machine as one from outside', async () => {
    expect((await scrape({ 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(401);
    expect((await scrape({ forwarded: 'for=198.51.100.4' })).statusCode).toBe(401);
  });

  it('does not exist for other machines when no token is set', async () => {
    const open = await buildTestApp({ trustProxy: true });
    try {
      expect((await open.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      const outside = await open.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
      expect(outside.statusCode).toBe(404);
      // Behind a trusted proxy the client's own address decides.
      const proxied = await open.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` },
      });
      expect(proxied.statusCode).toBe(404);
    } finally {
      await open.close();
    }
  });
});
