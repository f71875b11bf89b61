import type { Candle, Stats24h } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPool, type Platform, withScreenshots } from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The live market in Chromium against the whole platform, fed by the workers' simulated
 * feed (scripts/lib/e2e.ts starts it with MARKET_SOURCE=simulated and the e2e web build).
 */

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('market');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

const SIMULATED_BANNER = 'Simulated prices — demo feed, not real market data';

/** "₹53,60,630.91" or "$64,276.15" → 5360630.91 / 64276.15 */
const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

async function textOf(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
}

/** Waits until the element's text differs from `before` (the page is not reloaded meanwhile). */
async function waitForChange(page: Page, selector: string, before: string, timeout = 15_000) {
  await page.waitForFunction(
    ([sel, old]) => {
      const el = document.querySelector(sel);
      const now = el?.textContent?.trim() ?? '';
      return now !== '' && now !== old;
    },
    [selector, before] as const,
    { timeout },
  );
}

const indicator = (page: Page) => page.getByTestId('connection');

async function waitForLive(page: Page) {
  await page.locator('[data-testid="connection"][data-state="live"]').waitFor();
}

describe('live market in the browser', () => {
  it('home shows the top-10 market table and its prices move without a reload', async () => {
    const { page } = await browsers.open();
    await withScreenshots('market-home', [page], async () => {
      await page.goto(`${platform.url}/home`);
      await page.getByText(SIMULATED_BANNER).waitFor();
      await page.getByText('Top markets').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="market-row"]').length === 10);
      const btc = page.locator('[data-testid="market-row"][data-symbol="BTC"]');
      await btc.getByRole('link', { name: 'Trade BTC/INR' }).waitFor();
      expect(await btc.getByRole('link', { name: 'Trade BTC/INR' }).getAttribute('href')).toBe(
        '/trade/BTC-INR',
      );

      // A marker on window survives only if the page is not reloaded.
      await page.evaluate(() => {
        (window as Window & { __noReload?: boolean }).__noReload = true;
      });
      const before = await page
        .locator('[data-testid="market-row"] [data-testid="market-price"]')
        .allTextContents();
      expect(before.every((t) => t.startsWith('₹'))).toBe(true);
      await page.waitForFunction(
        (old) => {
          const now = [
            ...document.querySelectorAll('[data-testid="market-row"] [data-testid="market-price"]'),
          ].map((el) => el.textContent ?? '');
          return now.length === old.length && now.some((t, i) => t !== old[i]);
        },
        before,
        { timeout: 15_000 },
      );
      expect(await page.evaluate(() => (window as Window & { __noReload?: boolean }).__noReload)).toBe(true);

      // The promo banners rotate by themselves.
      const dots = page.getByRole('button', { name: /^Show banner/ });
      expect(await dots.count()).toBe(3);
      await page.getByRole('button', { name: 'Show banner 2', exact: true }).click();
      await page.locator('button[aria-label="Show banner 2"][aria-current="true"]').waitFor();
      // Pointer and focus pause the rotation: move both away.
      await page.mouse.move(2, 2);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page
        .locator('button[aria-label="Show banner 3"][aria-current="true"]')
        .waitFor({ timeout: 6_000 });
    });
  });

  it('trade page shows the candle chart, a 15 + 15 order book and a moving price, without rendering the page per tick', async () => {
    const { page } = await browsers.open();
    await withScreenshots('market-trade', [page], async () => {
      await page.goto(`${platform.url}/trade/BTC-INR`);
      await page.getByText(SIMULATED_BANNER).waitFor();
      await page.locator('[data-testid="candle-chart"] canvas').first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-ask"]').length === 15);
      expect(await page.getByTestId('book-bid').count()).toBe(15);
      // Cumulative quantity: each ask row's total is at least the one nearer the spread.
      const askTotals = await page.$$eval('[data-testid="book-ask"] td:nth-child(3)', (cells) =>
        cells.map((c) => Number((c.textContent ?? '').replace(/,/g, ''))),
      );
      expect(askTotals).toEqual([...askTotals].sort((a, b) => b - a));
      await page.getByTestId('live-line').waitFor();
      await page.locator('[data-slot="quick-trade"]').waitFor();
      expect(await textOf(page, 'change-24h')).toMatch(/^[+-]\d+\.\d{2}%$/);

      const price = await textOf(page, 'live-price');
      expect(price).toMatch(/^₹[\d,]+\.\d{2}$/);
      const renders = await page.evaluate(() => window.__app?.renders.TradePage ?? -1);
      expect(renders).toBeGreaterThan(0);
      await waitForChange(page, '[data-testid="live-price"]', price);
      const next = await textOf(page, 'live-price');
      await waitForChange(page, '[data-testid="live-price"]', next);
      // Several ticks later the page component has not rendered again.
      expect(await page.evaluate(() => window.__app?.renders.TradePage)).toBe(renders);
      // The live line has points: its waiting text is gone.
      await page.getByText('Waiting for live prices…').waitFor({ state: 'detached' });

      // Another interval loads its candles.
      await page.getByRole('button', { name: '1h', exact: true }).click();
      await page.locator('button[aria-pressed="true"]', { hasText: '1h' }).waitFor();
      await page.locator('[data-testid="candle-chart"] canvas').first().waitFor();
    });
  });

  it('switches pairs from the market dropdown with search', async () => {
    const { page } = await browsers.open();
    await withScreenshots('market-picker', [page], async () => {
      await page.goto(`${platform.url}/trade/BTC-INR`);
      await page.getByRole('button', { name: /Choose a market: BTC\/INR/ }).click();
      await page.getByRole('combobox', { name: 'Search coin' }).fill('eth');
      const options = page.getByRole('option');
      await page.waitForFunction(() => document.querySelectorAll('[role="option"]').length === 2);
      expect(await options.allTextContents()).toEqual([
        expect.stringContaining('ETH/INR'),
        expect.stringContaining('ETC/INR'),
      ]);
      await page.getByRole('option', { name: /ETH\/INR/ }).click();
      await page.waitForURL((url) => url.pathname === '/trade/ETH-INR');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-ask"]').length === 15);

      await page.goto(`${platform.url}/trade/NOPE-INR`);
      await page.getByText('The pair NOPE/INR is not traded here.').waitFor();
      await page.getByRole('link', { name: 'Go to BTC/INR' }).click();
      await page.waitForURL((url) => url.pathname === '/trade/BTC-INR');
    });
  });

  it('market page shows the coin, its abbreviated price, change and chart, live', async () => {
    const { page } = await browsers.open();
    await withScreenshots('market-coin-page', [page], async () => {
      await page.goto(`${platform.url}/market?id=eth`);
      await page.getByRole('heading', { name: 'Ethereum' }).waitFor();
      await page.getByText('ETH/USD').waitFor();
      // The timeframe tabs (the Quick Trade card beside them has pressed buttons of its own).
      const timeframe = page.getByRole('group', { name: 'Timeframe' });
      expect(await timeframe.locator('button[aria-pressed="true"]').textContent()).toBe('1D');
      await page.locator('[data-testid="price-chart"] canvas').first().waitFor();
      await page.locator('[data-testid="live-price"]', { hasText: /^\$\d+\.\d{2}K$/ }).waitFor();
      await page.locator('[data-testid="change-since-first"]', { hasText: /^[+-]\d+\.\d{2}%$/ }).waitFor();
      await page.locator('[data-testid="last-updated"]', { hasText: /^Last updated / }).waitFor();
      const updated = await textOf(page, 'last-updated');
      await waitForChange(page, '[data-testid="last-updated"]', updated);
      await page.locator('[data-slot="quick-trade"]').waitFor();
    });
  });

  it('shows reconnecting when the socket drops, then live again with current prices', async () => {
    const { page } = await browsers.open();
    await withScreenshots('market-reconnect', [page], async () => {
      await page.goto(`${platform.url}/trade/BTC-INR`);
      await waitForLive(page);
      expect(await indicator(page).textContent()).toBe('Live');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-ask"]').length === 15);
      await page.locator('[data-testid="live-price-usd"]', { hasText: /^\$[\d,]+\.\d{2}$/ }).waitFor();

      // The transport drops as on a network failure; the first retry waits 2.5 s.
      await page.evaluate(() => {
        const handle = window.__app?.realtime as { drop: (holdMs: number) => void } | undefined;
        if (!handle) throw new Error('the e2e build exposes window.__app.realtime');
        handle.drop(2500);
      });
      await page.locator('[data-testid="connection"][data-state="reconnecting"]').waitFor({ timeout: 2_000 });
      expect(await indicator(page).textContent()).toBe('Reconnecting…');
      const frozen = await textOf(page, 'live-price-usd');

      await waitForLive(page);
      const history = await page.evaluate(() =>
        (window.__app?.realtime as { history: () => string[] } | undefined)?.history(),
      );
      expect(history?.slice(-3)).toEqual(['live', 'reconnecting', 'live']);

      // Subscriptions were re-sent: the price moves again and matches the server's latest.
      await waitForChange(page, '[data-testid="live-price-usd"]', frozen);
      const shown = amount(await textOf(page, 'live-price-usd'));
      const res = await fetch(`${platform.url}/api/market`);
      const body = (await res.json()) as { coins: Array<{ symbol: string; price: number | null }> };
      const latest = body.coins.find((c) => c.symbol === 'BTC')?.price ?? Number.NaN;
      expect(Math.abs(shown - latest) / latest).toBeLessThan(0.002);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-ask"]').length === 15);
    });
  });
});

describe('one simulated market over REST', () => {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${platform.url}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const candles = async (interval: string, limit: number) =>
    (await get<{ candles: Candle[] }>(`/api/candles?symbol=BTC&interval=${interval}&limit=${limit}`)).candles;

  it('answers 1 m and 1 h candles that agree on every completed hour, and 24 h stats that are the hourly candles’', async () => {
    // Until the feed has written its history, the gateway answers from the tick archive.
    await expect.poll(async () => (await candles('1m', 500)).length, { timeout: 30_000 }).toBe(500);
    const minutes = await candles('1m', 500);
    const hours = (await candles('1h', 24)).slice(0, -1); // the hour in progress moves meanwhile
    const covered = hours.filter((h) => h.time >= minutes[0]!.time);
    expect(covered.length).toBeGreaterThanOrEqual(7);
    for (const hour of covered) {
      const inside = minutes.filter((m) => m.time >= hour.time && m.time < hour.time + 3600);
      expect(inside).toHaveLength(60);
      expect({
        open: inside[0]!.open,
        high: Math.max(...inside.map((m) => m.high)),
        low: Math.min(...inside.map((m) => m.low)),
        close: inside.at(-1)!.close,
      }).toEqual({ open: hour.open, high: hour.high, low: hour.low, close: hour.close });
    }
    // Stats and candles are written at their own pace: equal once both carry the same moment.
    await expect
      .poll(
        async () => {
          const [stats, day] = await Promise.all([
            get<Stats24h>('/api/binance/stats/BTCUSDT'),
            candles('1h', 24),
          ]);
          return (
            stats.high === Math.max(...day.map((c) => c.high)) &&
            stats.low === Math.min(...day.map((c) => c.low)) &&
            stats.open === day[0]!.open
          );
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
  });
});
