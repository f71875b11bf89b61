import { createDb, post } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { MSG } from '@app/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPool, logIn, type Platform, registerUser, withScreenshots } from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * Responsible trading in Chromium: a user who never accepted the risk disclosure asks for a
 * withdrawal, the disclosure dialog opens, and once accepted the same request goes through;
 * then the account page's limits card sets a daily loss limit and a self-exclusion after its
 * confirmation.
 */

let platform: Platform;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const browsers = browserPool();

beforeAll(async () => {
  database = await createTestDatabase(inject('adminDatabaseUrl'));
  platform = await startE2ePlatform('limits', {
    env: { DATABASE_URL: database.url },
  });
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
  await database?.drop();
});

describe('responsible trading', () => {
  it('asks for the risk disclosure on a refused withdrawal, then sets limits and a self-exclusion', async () => {
    const trader = await registerUser(
      platform,
      { firstName: 'Kiran', lastName: 'Rao', prefix: 'limits' },
      { disclosure: false },
    );
    const client = createDb(database.url, { max: 1 });
    try {
      await client.db.transaction((tx) =>
        post(tx, {
          type: 'admin_adjustment',
          userId: trader.id,
          account: 'real',
          amount: 50_000n,
          counterparty: 'adjustments',
          remarks: 'e2e funding',
        }),
      );
    } finally {
      await client.close();
    }
    const { page } = await browsers.open();
    await withScreenshots('responsible-trading', [page], async () => {
      // Funded before the first sign-in: the header starts on the real balance.
      await logIn(page, platform, trader.username, trader.password);

      // The withdrawal is refused for the disclosure: the dialog asks, then the request goes through.
      await page.goto(`${platform.url}/assets/withdraw`);
      await page.getByLabel('Account holder name').fill('Kiran Rao');
      await page.getByLabel('Account number').fill('123456789012');
      await page.getByLabel('Bank name').fill('State Bank of India');
      await page.getByLabel('IFSC code').fill('SBIN0001234');
      await page.getByLabel('Amount').fill('100');
      await page.getByRole('button', { name: /confirm/i }).click();
      const dialog = page.getByTestId('disclosure-dialog');
      await dialog.waitFor();
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Accept and continue' }).click();
      await page.getByTestId('toast').filter({ hasText: MSG.withdrawalSubmitted }).waitFor();
      await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('₹400.00');

      // The account page: a daily loss limit, then a self-exclusion after its confirmation.
      await page.goto(`${platform.url}/account`);
      const card = page.getByTestId('responsible-trading');
      await card.getByLabel('Daily loss limit (₹, empty for none)').fill('200');
      await card.getByRole('button', { name: 'Save limits' }).click();
      await page.getByTestId('toast').filter({ hasText: MSG.limitsSaved }).waitFor();
      await expect
        .poll(() => card.getByTestId('loss-limit-state').textContent())
        .toContain('In force: ₹200.00.');
      await card.getByRole('button', { name: 'Exclude myself' }).click();
      await page.getByTestId('pause-confirm').getByRole('button', { name: 'Yes, start it now' }).click();
      await page.getByTestId('toast').filter({ hasText: MSG.selfExclusionStarted }).waitFor();
      await card.getByText(/^Self-excluded until/).waitFor();
    });
  });
});
