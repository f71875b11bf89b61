import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogIn,
  browserPool,
  logIn,
  type Platform,
  type RegisteredUser,
  registerUser,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The trade page as a trader meets it, in Chromium against the whole platform on the simulated
 * feed: the ticket in view without scrolling on a laptop and on a phone, the ticket a few keys
 * from the top, and a running trade on the chart and in the Running panel, there again after
 * a reload. The screens (without scrolling) are kept in ARTIFACTS for a reviewer.
 */

const ARTIFACTS = join(process.env.E2E_ARTIFACTS_DIR ?? join(tmpdir(), 'e2e-artifacts'), 'trade-page');

const keep = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  platform = await startE2ePlatform('trade-page');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

const LAPTOP = { width: 1366, height: 768 };
const SMALL_LAPTOP = { width: 1024, height: 768 };
const PHONE = { width: 375, height: 812 };

async function openTradePage(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.goto(`${platform.url}/trade/BTC-INR`);
  await page.getByTestId('quick-trade').waitFor();
  await page.locator('[data-testid="trade-card-price"]').filter({ hasText: '₹' }).waitFor();
  await page.getByTestId('duration').first().waitFor();
}

/** The Up button lies wholly inside the viewport and the page has not scrolled. */
async function upButtonInView(page: Page, viewport: { width: number; height: number }) {
  const box = await page.getByRole('button', { name: 'Trade Up' }).boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  return (
    scrollY === 0 &&
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x + box.width <= viewport.width
  );
}

/** Signed in, in Practice (the account this feed can trade). */
async function signInPractice(page: Page, user: RegisteredUser) {
  await logIn(page, platform, user.username, user.password);
  await page.setViewportSize(LAPTOP);
  await page.goto(`${platform.url}/trade/BTC-INR`);
  const mode = page.locator('header.site-header [data-testid="account-mode"]');
  await mode.waitFor();
  if ((await mode.getAttribute('data-mode')) !== 'practice') {
    await mode.getByRole('button', { name: 'Practice' }).click();
    await page.locator('header.site-header [data-testid="account-mode"][data-mode="practice"]').waitFor();
  }
}

async function placePracticeTrade(user: RegisteredUser): Promise<string> {
  const settings = (await (await fetch(`${platform.url}/api/trade-setting`)).json()) as {
    data: Array<{ id: number; seconds: number }>;
  };
  const shortest = [...settings.data].sort((a, b) => a.seconds - b.seconds)[0];
  const res = await fetch(`${platform.url}/api/trades`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      amount: 100,
      settingId: shortest?.id,
      symbol: 'BTC',
      direction: 'up',
      account: 'practice',
    }),
  });
  if (!res.ok) throw new Error(`practice trade refused (${res.status}): ${await res.text()}`);
  return ((await res.json()) as { trade: { id: string } }).trade.id;
}

/** The trade's entry line over the chart and its row in the Running panel, both counting down. */
async function expectRunningOnPage(page: Page, id: string) {
  const line = page.locator(`[data-testid="entry-line"][data-trade-id="${id}"]`);
  await line.waitFor();
  expect(await line.getAttribute('data-direction')).toBe('up');
  expect(await line.locator('.entry-title').textContent()).toBe('Up ₹100.00');
  const left = Number(await line.getByTestId('entry-time-left').getAttribute('data-seconds'));
  expect(left).toBeGreaterThan(0);
  await line
    .getByTestId('standing')
    .filter({ hasText: /^(Winning by ₹20\.00|Losing by ₹100\.00|Level with the entry)$/ })
    .waitFor();
  // The label sits on the chart.
  const chart = await page.getByTestId('candle-chart').boundingBox();
  const label = await line.boundingBox();
  expect(chart && label && label.y >= chart.y && label.y + label.height <= chart.y + chart.height + 1).toBe(
    true,
  );
  const row = page.locator(`[data-testid="running-trade"][data-trade-id="${id}"]`);
  await row.waitFor();
  expect(await row.getByTestId('running-time-left').getAttribute('data-seconds')).not.toBeNull();
  // The countdown runs.
  await page.waitForFunction(
    ([tradeId, start]) =>
      Number(
        document
          .querySelector(
            `[data-testid="entry-line"][data-trade-id="${tradeId}"] [data-testid="entry-time-left"]`,
          )
          ?.getAttribute('data-seconds'),
      ) < Number(start),
    [id, String(left)] as const,
    { timeout: 10_000 },
  );
}

describe('the trade page in Chromium', () => {
  it('shows Trade Up without scrolling at 1366 x 768 and at 375 x 812, the book in its own box or tab', async () => {
    const { page } = await browsers.open();
    await withScreenshots('trade-page-in-view', [page], async () => {
      await openTradePage(page, LAPTOP);
      expect(await upButtonInView(page, LAPTOP)).toBe(true);
      await keep(page, 'laptop-1366x768');
      // The book: 15 a side, scrolling in one focusable box; no row is a tab stop.
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-ask"]').length === 15);
      expect(await page.getByTestId('book-bid').count()).toBe(15);
      const book = page.getByTestId('book-scroll');
      expect(await book.getAttribute('tabindex')).toBe('0');
      expect(await book.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      expect(await page.locator('[data-testid="book-scroll"] [tabindex]').count()).toBe(0);

      // 1024 px is still the desktop layout: the ticket beside the chart.
      await openTradePage(page, SMALL_LAPTOP);
      expect(await upButtonInView(page, SMALL_LAPTOP)).toBe(true);
      const chart = await page.getByTestId('candle-chart').boundingBox();
      const ticket = await page.getByTestId('quick-trade').boundingBox();
      expect(chart && ticket && ticket.x >= chart.x + chart.width).toBe(true);
      await keep(page, 'laptop-1024x768');

      await openTradePage(page, PHONE);
      expect(await upButtonInView(page, PHONE)).toBe(true);
      await keep(page, 'phone-375x812');
      const amount = await page.getByLabel('Amount (INR)').boundingBox();
      expect(amount !== null && amount.y >= 0 && amount.y + amount.height <= PHONE.height).toBe(true);
      // Chart and book take turns on a phone.
      await page.getByTestId('candle-chart').waitFor();
      expect(await page.getByTestId('book-scroll').count()).toBe(0);
      await page.getByTestId('trade-views').getByRole('button', { name: 'Book' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-ask"]').length === 15);
      await keep(page, 'phone-book-375x812');
      expect(await page.getByTestId('candle-chart').count()).toBe(0);
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });

  it('reaches Trade Up from the top of the page in a few key presses, through the Trade skip link', async () => {
    const { page } = await browsers.open();
    await withScreenshots('trade-page-keyboard', [page], async () => {
      await openTradePage(page, LAPTOP);
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return {
            tag: el?.tagName ?? '',
            text: el?.textContent?.trim() ?? '',
            label: el?.getAttribute('aria-label'),
          };
        });
      let presses = 0;
      const press = async (key: string) => {
        presses++;
        await page.keyboard.press(key);
      };
      await press('Tab');
      expect(await focused()).toMatchObject({ tag: 'A', text: 'Trade' });
      await press('Enter');
      expect(
        await page.evaluate(() => document.activeElement === document.querySelector('input[type="number"]')),
      ).toBe(true);
      await page.keyboard.type('100');
      await press('Tab');
      expect(await focused()).toMatchObject({ tag: 'BUTTON', text: 'Trade Up', label: null });
      expect(presses).toBeLessThanOrEqual(5);
      // Its accessible name is its visible label.
      const up = page.getByRole('button', { name: 'Trade Up', exact: true });
      expect(await up.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });

  it('draws a running trade on the chart and in the Running panel, with its countdown, and again after a reload', async () => {
    const user = await registerUser(platform, { firstName: 'Meera', lastName: 'Nair', prefix: 'tp' });
    const { page } = await browsers.open();
    await withScreenshots('trade-page-running', [page], async () => {
      await signInPractice(page, user);
      await page.getByTestId('running-trades').getByText('No running trades in this account.').waitFor();

      // Placed from elsewhere (another device): it arrives through the user's live events.
      const id = await placePracticeTrade(user);
      await expectRunningOnPage(page, id);
      await keep(page, 'running-trade-1366x768');
      // The spec's rule: the trade buttons wait while it runs.
      await page.getByTestId('trade-waiting').waitFor();
      await page.getByLabel('Amount (INR)').isDisabled();
      expect(await page.getByRole('button', { name: 'Trade Up' }).isDisabled()).toBe(true);

      // After a reload it comes back from the server's answer.
      await page.reload();
      await page.getByTestId('quick-trade').waitFor();
      await expectRunningOnPage(page, id);

      // Settled, it leaves the page and the buttons come back.
      await page
        .locator(`[data-testid="running-trade"][data-trade-id="${id}"]`)
        .waitFor({ state: 'detached', timeout: 60_000 });
      expect(await page.locator(`[data-testid="entry-line"][data-trade-id="${id}"]`).count()).toBe(0);
      await page.getByLabel('Amount (INR)').fill('100');
      await expect.poll(() => page.getByRole('button', { name: 'Trade Up' }).isEnabled()).toBe(true);
    });
  });

  it('keeps a trade placed from the ticket in view after its countdown is closed', async () => {
    const user = await registerUser(platform, { firstName: 'Arjun', lastName: 'Rao', prefix: 'tq' });
    const { page } = await browsers.open();
    await withScreenshots('trade-page-ticket', [page], async () => {
      await signInPractice(page, user);
      const card = page.getByTestId('quick-trade');
      await card.getByLabel('Amount (INR)').fill('100');
      await card.getByRole('button', { name: 'Trade Down' }).click();
      await page.locator('[data-testid="trade-modal"][data-phase="countdown"]').waitFor();
      await page.getByTestId('hide-countdown').click();
      await page.getByTestId('trade-modal').waitFor({ state: 'detached' });
      const row = page.getByTestId('running-trade').first();
      await row.waitFor();
      const id = (await row.getAttribute('data-trade-id')) ?? '';
      const line = page.locator(`[data-testid="entry-line"][data-trade-id="${id}"]`);
      await line.waitFor();
      expect(await line.getAttribute('data-direction')).toBe('down');
      expect(await card.getByRole('button', { name: 'Trade Up' }).isDisabled()).toBe(true);
      // The result opens by itself when the trade settles.
      await page.getByTestId('trade-result').waitFor({ timeout: 60_000 });
    });
  });

  it('shows a trading halt with its reason and turns the trade buttons off, live, until it ends', async () => {
    const user = await registerUser(platform, { firstName: 'Meera', lastName: 'Iyer', prefix: 'th' });
    const token = await apiLogIn(platform, platform.superadmin);
    const setHalt = async (halted: boolean, reason: string) => {
      const res = await fetch(`${platform.url}/api/superadmin/trading-halt`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ halted, symbol: 'BTC', reason }),
      });
      expect(res.status, await res.text()).toBe(200);
    };
    const { page } = await browsers.open();
    try {
      await withScreenshots('trade-page-halt', [page], async () => {
        await signInPractice(page, user);
        const card = page.getByTestId('quick-trade');
        await card.getByLabel('Amount (INR)').fill('100');
        await expect.poll(() => card.getByRole('button', { name: 'Trade Up' }).isEnabled()).toBe(true);

        // Started while the page is open: the socket event brings it.
        await setHalt(true, 'Exchange maintenance');
        const banner = page.getByTestId('trading-halt');
        await banner.filter({ hasText: 'Exchange maintenance' }).waitFor();
        expect(await card.getByRole('button', { name: 'Trade Up' }).isDisabled()).toBe(true);
        expect(await card.getByRole('button', { name: 'Trade Down' }).isDisabled()).toBe(true);
        await keep(page, 'halted');

        // A fresh load reads it from the halt's public read.
        await page.reload();
        await banner.filter({ hasText: 'Exchange maintenance' }).waitFor();

        await setHalt(false, 'Maintenance over');
        await banner.waitFor({ state: 'detached' });
        await card.getByLabel('Amount (INR)').fill('100');
        await expect.poll(() => card.getByRole('button', { name: 'Trade Up' }).isEnabled()).toBe(true);
      });
    } finally {
      await setHalt(false, 'test over').catch(() => {});
    }
  });
});
