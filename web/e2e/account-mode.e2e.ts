import type { Page } from 'playwright-core';
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
import { startE2ePlatform } from './platform.ts';

/**
 * Real / Practice in Chromium: a new user (no real money) lands in Practice with the hint to
 * top up or switch; a choice made in one tab shows in the other tabs of the browser without a
 * reload; and on a phone (375 × 812) the orders are cards that open their receipts, with no
 * page scrolling sideways.
 */

const PHONE = { width: 375, height: 812 };

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('mode');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

const newUser = () => registerUser(platform, { firstName: 'Kavya', lastName: 'Rao', prefix: 'mode' });

const modeOf = (page: Page) =>
  page.locator('header.site-header [data-testid="account-mode"]').getAttribute('data-mode');

async function tradeStatus(who: RegisteredUser, id: string): Promise<string> {
  const res = await fetch(`${platform.url}/api/trades/${id}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  return ((await res.json()) as { trade: { status: string } }).trade.status;
}

/** How far the page reaches past the window's right edge (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });

describe('Real / Practice', () => {
  it('a new user with no real money lands in Practice, with the hint to top up or switch to Real', async () => {
    const user = await newUser();
    const { page } = await browsers.open();
    await withScreenshots('mode-new-user', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      await page.goto(`${platform.url}/trade/BTC-INR`);
      const hint = page.getByTestId('practice-hint');
      await hint.waitFor();
      expect(await modeOf(page)).toBe('practice');
      expect(await hint.textContent()).toContain('You are trading with practice money.');
      if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/e2e-practice-hint.png' });
      expect(await hint.getByRole('link', { name: 'Top up to trade for real' }).getAttribute('href')).toBe(
        '/assets/topup',
      );
      // The trade card follows the header: practice money.
      const card = page.getByTestId('quick-trade');
      await expect.poll(() => card.getByTestId('trade-balance').textContent()).toBe('₹1,00,000.00');
      await card.getByTestId('practice-badge').waitFor();

      // Nothing chosen yet: a reload starts in Practice again, hint and all.
      await page.reload();
      await hint.waitFor();
      expect(await modeOf(page)).toBe('practice');

      // Switch to Real is a choice: kept across a reload, and the hint is gone.
      await hint.getByRole('button', { name: 'Switch to Real' }).click();
      await hint.waitFor({ state: 'detached' });
      expect(await modeOf(page)).toBe('real');
      await expect.poll(() => card.getByTestId('trade-balance').textContent()).toBe('₹0.00');
      await page.reload();
      await page.locator('header.site-header [data-testid="account-mode"][data-mode="real"]').waitFor();
      expect(await page.getByTestId('practice-hint').count()).toBe(0);
    });
  });

  it('a switch in one tab shows in a second tab of the browser, without a reload', async () => {
    const user = await newUser();
    const { context, page: first } = await browsers.open();
    const second = await context.newPage();
    await withScreenshots('mode-two-tabs', [first, second], async () => {
      await logIn(first, platform, user.username, user.password);
      await first.goto(`${platform.url}/trade/BTC-INR`);
      await second.goto(`${platform.url}/orders`);
      for (const page of [first, second]) {
        await page.getByTestId('practice-hint').waitFor();
        expect(await modeOf(page)).toBe('practice');
      }

      // Real in the first tab: the second follows (switch, hint, the orders of the real account).
      await first.getByTestId('account-mode').getByRole('button', { name: 'Real' }).click();
      await expect.poll(() => modeOf(second)).toBe('real');
      await second.getByTestId('practice-hint').waitFor({ state: 'detached' });
      await second.getByText('Orders of your real account.').waitFor();

      // Practice from the second tab: the first follows, trade card included.
      await second.getByTestId('account-mode').getByRole('button', { name: 'Practice' }).click();
      await expect.poll(() => modeOf(first)).toBe('practice');
      await expect
        .poll(() => first.getByTestId('quick-trade').getByTestId('trade-balance').textContent())
        .toBe('₹1,00,000.00');
      // A choice: no hint in either tab.
      expect(await first.getByTestId('practice-hint').count()).toBe(0);
      expect(await second.getByTestId('practice-hint').count()).toBe(0);
    });
  });

  it('on a phone the orders are cards that open their receipts, and no page scrolls sideways', {
    timeout: 120_000,
  }, async () => {
    const user = await newUser();
    const settledId = await placePracticeTrade(platform, user, 'up');
    await placePracticeTrade(platform, user, 'down');
    const { page } = await browsers.open();
    await page.setViewportSize(PHONE);
    await withScreenshots('mode-phone-orders', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      // The first trade has settled once its time is up (the other may still run).
      await expect
        .poll(() => tradeStatus(user, settledId), { timeout: 60_000, interval: 500 })
        .not.toBe('running');
      await page.goto(`${platform.url}/orders`);
      const closed = page.getByTestId('closed-orders').getByTestId('order-card');
      await closed.first().waitFor();
      expect(await page.locator('#main table').count()).toBe(0);
      await page.getByTestId('practice-hint').waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/e2e-phone-orders.png', fullPage: true });

      // Every card fits the window.
      const cards = page.getByTestId('order-card');
      for (const box of await cards.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right };
        }),
      )) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(PHONE.width);
      }

      // A tap on the card (not only its name) opens the receipt.
      const card = closed.first();
      const box = await card.boundingBox();
      expect(box).not.toBeNull();
      if (box) await page.mouse.click(box.x + box.width - 12, box.y + box.height - 12);
      await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
      await page.getByTestId('receipt').waitFor();
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => url.pathname === '/orders');

      // Financial Records is a money list too (reached as a phone user does, from the Account sheet).
      await page
        .getByRole('navigation', { name: 'Mobile navigation' })
        .getByRole('button', { name: 'Account' })
        .click();
      await page
        .getByRole('dialog', { name: 'Account menu' })
        .getByRole('link', { name: 'Transaction history' })
        .click();
      await page.waitForURL((url) => url.pathname === '/assets/records');
      await page.locator('#main').getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle').catch(() => {});
      await expect.poll(() => page.locator('#main').getByText('Loading...').count()).toBe(0);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
});
