import { createDb, post } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { MSG } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  browserPool,
  logIn,
  type Platform,
  type RegisteredUser,
  registerUser,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * A timed trade in Chromium against the whole platform on the simulated feed: real money is
 * refused there, so the trade is a practice one; the countdown, the settlement, the result,
 * the closed order and its receipt, and a real balance that did not move.
 */

let platform: Platform;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const browsers = browserPool();

beforeAll(async () => {
  // A database of our own (the platform is told to use it), so the test can fund a user
  // through the ledger as an admin adjustment would: the browser has no balance route.
  database = await createTestDatabase(inject('adminDatabaseUrl'));
  platform = await startE2ePlatform('trades', {
    env: { DATABASE_URL: database.url },
  });
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
  await database?.drop();
});

const REAL_RUPEES = 500;

async function registerFundedUser(): Promise<RegisteredUser> {
  const user = await registerUser(platform, { firstName: 'Ravi', lastName: 'Iyer', prefix: 'trader' });
  const client = createDb(database.url, { max: 1 });
  try {
    await client.db.transaction((tx) =>
      post(tx, {
        type: 'admin_adjustment',
        userId: user.id,
        account: 'real',
        amount: BigInt(REAL_RUPEES * 100),
        counterparty: 'adjustments',
        remarks: 'e2e funding',
        idempotencyKey: `e2e:fund:${user.id}`,
      }),
    );
  } finally {
    await client.close();
  }
  return user;
}

async function balances(token: string): Promise<{ real: number; practice: number }> {
  const res = await fetch(`${platform.url}/api/user/me/balances`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { balances: { real: number; practice: number } }).balances;
}

const seconds = async (page: Page) =>
  Number(await page.getByTestId('countdown').getAttribute('data-seconds'));

describe('timed trades in the browser', () => {
  it('refuses real money on the simulated feed, then runs a practice Up trade to its result and receipt', async () => {
    const funded = await registerFundedUser();
    const { page } = await browsers.open();
    await withScreenshots('trades-practice-up', [page], async () => {
      await logIn(page, platform, funded.username, funded.password);
      await page.goto(`${platform.url}/trade/BTC-INR`);
      const card = page.getByTestId('quick-trade');
      await card.waitFor();
      await card.locator('[data-testid="trade-card-price"]').filter({ hasText: '₹' }).waitFor();

      // Real mode: the card says real trading is refused on this feed, and the server refuses it.
      await page.locator('[data-testid="account-mode"][data-mode="real"]').waitFor();
      await expect.poll(() => card.getByTestId('trade-balance').textContent()).toBe('₹500.00');
      await card.getByTestId('simulated-real').getByText(MSG.simulatedRealRefused).waitFor();
      await card.getByLabel('Amount (INR)').fill('100');
      await card.getByRole('button', { name: 'Trade Up' }).click();
      const modal = page.getByTestId('trade-modal');
      await page.locator('[data-testid="trade-modal"][data-phase="failed"]').waitFor();
      expect(await modal.getByRole('alert').textContent()).toBe(MSG.simulatedRealRefused);
      expect(await page.getByTestId('trade-result').count()).toBe(0);
      await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
      await modal.waitFor({ state: 'detached' });
      expect((await balances(funded.token)).real).toBe(REAL_RUPEES);

      // Practice mode from the header switch.
      await page.getByTestId('account-mode').getByRole('button', { name: 'Practice' }).click();
      await page.getByTestId('practice-badge').first().waitFor();
      await expect.poll(() => card.getByTestId('trade-balance').textContent()).toBe('₹1,00,000.00');
      expect(await card.getByTestId('simulated-real').count()).toBe(0);

      // The shortest duration (20 s) is selected, with its payout and break-even rate.
      const shortest = card.locator('[data-testid="duration"][aria-pressed="true"]');
      expect(await shortest.getAttribute('data-seconds')).toBe('20');
      expect(await card.getByTestId('break-even').textContent()).toMatch(/^Break-even: \d+\.\d % wins$/);
      expect(await card.getByTestId('potential-profit').textContent()).toMatch(/^₹\d/);

      await card.getByRole('button', { name: 'Trade Up' }).click();
      await page.locator('[data-testid="trade-modal"][data-phase="countdown"]').waitFor();
      // The countdown runs on the server's clock and goes down.
      const first = await seconds(page);
      expect(first).toBeGreaterThanOrEqual(17);
      expect(first).toBeLessThanOrEqual(20);
      await page.waitForFunction(
        (start) =>
          Number(document.querySelector('[data-testid="countdown"]')?.getAttribute('data-seconds')) <
          start - 2,
        first,
        { timeout: 10_000 },
      );
      // The stake left the practice balance, and nothing else.
      await expect.poll(() => card.getByTestId('trade-balance').textContent()).toBe('₹99,900.00');
      expect(await card.getByRole('button', { name: 'Trade Up' }).isDisabled()).toBe(true);
      expect(await card.getByLabel('Amount (INR)').isDisabled()).toBe(true);

      // At zero: settling, then the result from the server (trade:settled, or the poll fallback).
      const result = page.getByTestId('trade-result');
      await result.waitFor({ timeout: 60_000 });
      const outcome = await result.getAttribute('data-outcome');
      expect(['win', 'loss', 'draw']).toContain(outcome);
      expect(await result.getByTestId('entry-price').textContent()).toMatch(/USDT/);
      expect(await result.getByTestId('exit-price').textContent()).toMatch(/USDT/);
      const profitText = (await result.getByTestId('profit').textContent()) ?? '';
      expect(profitText).toBe(outcome === 'win' ? '+₹20.00' : outcome === 'loss' ? '-₹100.00' : '₹0.00');

      await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
      await page.waitForURL((url) => url.pathname === '/orders');

      // Closed Orders, practice account: the trade and its receipt.
      const closed = page.getByTestId('closed-orders');
      const row = closed.getByRole('row').nth(1);
      await row.getByTestId('receipt-link').waitFor();
      expect(await row.getByTestId('profit').textContent()).toBe(profitText);
      // The two tables load apart: Running may still be loading when Closed has its row.
      await expect.poll(() => page.getByTestId('running-orders').getByText('Data not found').count()).toBe(1);
      await row.getByTestId('receipt-link').click();
      const receipt = page.getByTestId('receipt');
      await receipt.waitFor();
      expect(await receipt.getByTestId('receipt-entry-price').textContent()).toMatch(/USDT/);
      expect(await receipt.getByTestId('receipt-exit-price').textContent()).toMatch(/USDT/);
      expect(await receipt.getByTestId('receipt-entry-source').textContent()).toBe('simulated');
      expect(await receipt.getByTestId('receipt-exit-source').textContent()).toBe('simulated');
      // The trade id, and every time in India time with its offset, whatever the browser's zone.
      expect(await receipt.getByTestId('receipt-trade-id').textContent()).toBe(
        await receipt.getAttribute('data-trade-id'),
      );
      const ist = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} IST \(UTC\+05:30\)$/;
      expect(await receipt.getByTestId('receipt-placed-at').textContent()).toMatch(ist);
      expect(await receipt.getByTestId('receipt-settled-at').textContent()).toMatch(ist);
      expect(await receipt.getByTestId('receipt-entry-time').textContent()).toMatch(ist);
      expect(await receipt.getByTestId('receipt-exit-time').textContent()).toMatch(ist);
      // Simulated prices have no exchange trade to look up, and say so instead of an id.
      for (const side of ['entry', 'exit']) {
        expect(await receipt.getByTestId(`receipt-${side}-simulated`).textContent()).toBe(
          'Simulated price: no exchange trade id',
        );
        expect(await receipt.getByTestId(`receipt-${side}`).getByRole('link').count()).toBe(0);
      }
      expect(await receipt.getByTestId('payout-percent').textContent()).toBe('20%');

      // The real balance never moved: the server says so, and so does the header in Real mode.
      expect((await balances(funded.token)).real).toBe(REAL_RUPEES);
      await page.keyboard.press('Escape');
      await page.getByTestId('account-mode').getByRole('button', { name: 'Real' }).click();
      await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('₹500.00');
    });
  });

  it('offers the Real / Practice switch in the mobile header too, and the account page resets practice money', async () => {
    const funded = await registerFundedUser();
    const { page } = await browsers.open();
    await withScreenshots('trades-mobile-switch', [page], async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await logIn(page, platform, funded.username, funded.password);
      await page.goto(`${platform.url}/trade/ETH-INR`);
      const header = page.locator('header.site-header');
      // One compact button: it shows the account in use and switches to the other.
      await header.getByRole('button', { name: 'Real account, switch to Practice' }).click();
      await header.locator('[data-testid="account-mode"][data-mode="practice"]').waitFor();
      // The header still fits the phone's width.
      expect(
        await page.evaluate(() => {
          const inner = document.querySelector('.header-inner');
          return inner ? inner.scrollWidth <= window.innerWidth : false;
        }),
      ).toBe(true);
      const card = page.getByTestId('quick-trade');
      await expect.poll(() => card.getByTestId('trade-balance').textContent()).toBe('₹1,00,000.00');
      await card.getByTestId('practice-badge').waitFor();
      if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/e2e-mobile-trade.png', fullPage: true });

      // The choice is remembered across a reload.
      await page.reload();
      await page.locator('header.site-header [data-testid="account-mode"][data-mode="practice"]').waitFor();

      // Dashboard: Recent Trades is empty, and the practice balance can be reset.
      await page.goto(`${platform.url}/account`);
      await page.getByTestId('recent-trades').getByText('No trades yet.').waitFor();
      await expect.poll(() => page.getByTestId('practice-balance').textContent()).toBe('₹1,00,000.00');
      await page.getByRole('button', { name: 'Reset practice balance' }).click();
      await page.getByText('Practice balance reset to ₹1,00,000.00.').waitFor();
      expect((await balances(funded.token)).real).toBe(REAL_RUPEES);
    });
  });
});
