import type { Trade } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserPool,
  logIn,
  type Platform,
  placePracticeTrade,
  type RegisteredUser,
  registerUser,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { type FakeBinance, startFakeBinance } from '../../workers/src/market/testing/fake-binance.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The receipt of a trade priced by Binance, in Chromium against the whole platform: the feed
 * reads a local server speaking Binance's protocol, so entry and exit are aggregate trades with
 * ids, and the receipt shows them with the address on Binance's public API (not the local
 * server's) where anyone can look each one up.
 */

let platform: Platform;
let fake: FakeBinance;
const browsers = browserPool();

beforeAll(async () => {
  fake = await startFakeBinance({
    symbols: ['BTCUSDT'],
    prices: { BTCUSDT: 65_000 },
    generate: { tradeEveryMs: 100, depthEveryMs: 500, tickerEveryMs: 1_000 },
  });
  platform = await startE2ePlatform('receipt', {
    marketSource: 'binance',
    env: { BINANCE_WS_URL: fake.wsUrl, BINANCE_REST_URL: fake.restUrl, MARKET_SYMBOLS: 'BTC' },
  });
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
  await fake?.close();
});

async function api<T>(user: RegisteredUser, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${platform.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Asks `probe` every half second until it gives a value (fails after `timeoutMs`). */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('the receipt of a Binance-priced trade', () => {
  it('shows the trade id, IST times and both aggregate trade ids with copy buttons and links to Binance’s public API', async () => {
    const user = await registerUser(platform, { firstName: 'Meera', lastName: 'Rao', prefix: 'receipt' });
    const { trade: placed } = await api<{ trade: Trade }>(
      user,
      `/api/trades/${await placePracticeTrade(platform, user, 'up')}`,
    );
    expect(placed.entry).toMatchObject({ source: 'binance' });
    expect(placed.entry.aggTradeId).toEqual(expect.any(Number));
    const done = await until(
      'the settlement',
      async () => {
        const { trade } = await api<{ trade: Trade }>(user, `/api/trades/${placed.id}`);
        return trade.status === 'running' ? undefined : trade;
      },
      120_000,
    );
    expect(done.exit).toMatchObject({ source: 'binance' });
    expect(done.marketSymbol).toBe('BTCUSDT');

    const { page } = await browsers.open();
    await withScreenshots('receipt', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      await page.goto(`${platform.url}/orders`);
      const practice = page.getByTestId('account-mode').first().getByRole('button', { name: 'Practice' });
      if ((await practice.getAttribute('aria-pressed')) !== 'true') await practice.click();
      const row = page.getByTestId('closed-orders').getByTestId('receipt-link').first();
      await row.click();
      const receipt = page.getByTestId('receipt');
      await receipt.waitFor();

      expect(await receipt.getByTestId('receipt-trade-id').textContent()).toBe(done.id);
      const ist = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} IST \(UTC\+05:30\)$/;
      for (const id of [
        'receipt-placed-at',
        'receipt-settled-at',
        'receipt-entry-time',
        'receipt-exit-time',
      ]) {
        expect(await receipt.getByTestId(id).textContent(), id).toMatch(ist);
      }
      for (const [side, price] of [
        ['entry', done.entry],
        ['exit', done.exit!],
      ] as const) {
        const id = String(price.aggTradeId);
        expect(await receipt.getByTestId(`receipt-${side}-agg`).textContent()).toBe(id);
        expect(await receipt.getByTestId(`receipt-${side}-agg-copy`).isVisible()).toBe(true);
        const href = await receipt.getByTestId(`receipt-${side}-agg-link`).getAttribute('href');
        // Binance's public host, not the feed's configured (local) one.
        expect(href).toBe(`https://api.binance.com/api/v3/aggTrades?symbol=BTCUSDT&fromId=${id}&limit=1`);
        expect(href).not.toContain(fake.restUrl);
      }
    });
  });
});
