import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPool, type Platform, withScreenshots } from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The trade page on a slow link (Chromium's network emulation through the DevTools protocol),
 * against the whole platform and its simulated feed: what it shows only ever moves forward,
 * and once the link is back it shows the newest price.
 */

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('throttled');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

type Shown = { tickTs?: number; bookTs?: number; price?: number };
type MarketHandle = {
  gaps: () => number;
  watch: (symbol: string, listener: (shown: Shown) => void) => () => void;
};
type RealtimeHandle = { drop: (holdMs: number) => void };
declare global {
  interface Window {
    __shown?: Shown[];
  }
}

/** Every change of what the page's store shows of BTC, kept on window. */
async function recordShown(page: Page) {
  await page.evaluate(() => {
    const market = window.__app?.market as MarketHandle | undefined;
    if (!market) throw new Error('the e2e build exposes window.__app.market');
    window.__shown = [];
    market.watch('BTC', (shown) => window.__shown?.push(shown));
  });
}

const shown = (page: Page) => page.evaluate(() => window.__shown ?? []);

/** How many price changes the page has shown since recording began. */
const priceChanges = async (page: Page) => {
  const list = await shown(page);
  return list.filter((s, i) => i > 0 && s.tickTs !== list[i - 1]?.tickTs).length;
};

describe('trade page on a throttled connection', () => {
  it('never shows a price or book older than one it showed (snapshots included), and the newest once the link is back', async () => {
    const { page } = await browsers.open();
    await withScreenshots('market-throttled', [page], async () => {
      await page.goto(`${platform.url}/trade/BTC-INR`);
      await page.locator('[data-testid="connection"][data-state="live"]').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-ask"]').length === 15);
      await page.locator('[data-testid="live-price-usd"]', { hasText: /^\$[\d,]+\.\d{2}$/ }).waitFor();
      await recordShown(page);

      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: 8 * 1024,
        uploadThroughput: 8 * 1024,
      });
      // A reconnect on the slow link: the page takes a new snapshot (the subscribe answers)
      // while live events of before and after it arrive late.
      await page.evaluate(() => (window.__app?.realtime as RealtimeHandle | undefined)?.drop(500));
      await page.locator('[data-testid="connection"][data-state="reconnecting"]').waitFor();
      await page.locator('[data-testid="connection"][data-state="live"]').waitFor({ timeout: 30_000 });
      const before = await priceChanges(page);
      await page.waitForFunction(
        (n) => {
          const list = window.__shown ?? [];
          return list.filter((s, i) => i > 0 && s.tickTs !== list[i - 1]?.tickTs).length >= n + 3;
        },
        before,
        { timeout: 30_000 },
      );

      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      // Back on a fast link, the price the page shows is the platform's latest (it moves on, so
      // the two are read until they agree).
      let latest = Number.NaN;
      let onPage = Number.NaN;
      await expect
        .poll(
          async () => {
            const res = await fetch(`${platform.url}/api/market`);
            const body = (await res.json()) as { coins: Array<{ symbol: string; price: number | null }> };
            latest = body.coins.find((c) => c.symbol === 'BTC')?.price ?? Number.NaN;
            onPage = (await shown(page)).at(-1)?.price ?? Number.NaN;
            return Math.abs(onPage - latest) / latest;
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBeLessThan(0.002);

      // What the page showed only ever moved forward, through the snapshot and the slow link.
      const list = await shown(page);
      expect(list.length).toBeGreaterThan(3);
      const tickTimes = list.map((s) => s.tickTs ?? 0);
      const bookTimes = list.map((s) => s.bookTs ?? 0);
      expect(tickTimes).toEqual([...tickTimes].sort((a, b) => a - b));
      expect(bookTimes).toEqual([...bookTimes].sort((a, b) => a - b));
    });
  });
});
