import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLedgerInvariants, createDb } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { MSG } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  browserPool,
  chooseRealMoney,
  logIn,
  type Platform,
  registerUser,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The wallet in two browsers against the whole platform: a user sends a top-up with its
 * voucher, an admin sees the badge rise and approves it, the user's balance and bell update
 * without a reload; the user asks for a withdrawal, the admin rejects it with remarks, and the
 * user finds the amount returned, with the remarks, in Financial Records.
 */

let platform: Platform;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const browsers = browserPool();

beforeAll(async () => {
  database = await createTestDatabase(inject('adminDatabaseUrl'));
  platform = await startE2ePlatform('wallet', {
    env: { DATABASE_URL: database.url, VOUCHER_DIR: mkdtempSync(join(tmpdir(), 'e2e-vouchers-')) },
  });
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
  await database?.drop();
});

/** A real 1 x 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const bellCount = (page: Page) => page.getByTestId('bell-count').textContent();
const badge = (page: Page, name: 'topups' | 'withdrawals') =>
  page
    .getByTestId(`badge-${name}`)
    .textContent()
    .catch(() => '0');

describe('wallet in two browsers', () => {
  it('top-up approved and withdrawal rejected, seen live by the user', async () => {
    const trader = await registerUser(platform, { firstName: 'Meera', lastName: 'Nair', prefix: 'wallet' });
    const user = (await browsers.open()).page;
    const admin = (await browsers.open()).page;
    const voucherFile = join(mkdtempSync(join(tmpdir(), 'voucher-')), 'payment.png');
    writeFileSync(voucherFile, PNG);

    await withScreenshots('wallet-two-browsers', [user, admin], async () => {
      await logIn(user, platform, trader.username, trader.password);
      await chooseRealMoney(user);
      await logIn(admin, platform, platform.superadmin.username, platform.superadmin.password);
      await admin.goto(`${platform.url}/app-panel/topups`);
      await admin.getByRole('heading', { name: /Top-up Requests/i }).waitFor();
      const topupsBefore = Number((await badge(admin, 'topups')) || 0);

      // The user sends a top-up with its voucher.
      await user.goto(`${platform.url}/assets/topup`);
      await user.getByLabel('Amount').fill('2500');
      await user.getByLabel('Voucher').setInputFiles(voucherFile);
      await user.getByRole('button', { name: /submit/i }).click();
      await user.getByTestId('toast').filter({ hasText: MSG.topupSent }).waitFor();
      await expect.poll(() => user.getByTestId('my-topups').getByText('pending').count()).toBe(1);
      // The voucher thumbnail really shows the uploaded image (fetched with the token).
      const shown = (page: Page) =>
        page
          .getByTestId('voucher-img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
      await expect.poll(() => shown(user)).toBe(true);

      // The admin's badge rises without a reload; the request is listed with its voucher.
      await expect.poll(async () => Number(await badge(admin, 'topups'))).toBe(topupsBefore + 1);
      const row = admin.getByRole('row').filter({ hasText: trader.username });
      await row.waitFor();
      await expect.poll(() => shown(admin)).toBe(true);
      await row.getByRole('button', { name: 'Approve' }).click();
      await admin.getByText(MSG.requestApproved).waitFor();
      await expect.poll(async () => Number(await badge(admin, 'topups'))).toBe(topupsBefore);

      // The user's balance and bell update live.
      await expect.poll(() => user.getByTestId('header-balance').textContent()).toBe('₹2,500.00');
      await expect.poll(() => bellCount(user)).toBe('1');
      await expect.poll(() => user.getByTestId('my-topups').getByText('approved').count()).toBe(1);

      // The user withdraws Rs 1,000 to a bank account entered now.
      await user.goto(`${platform.url}/assets/withdraw`);
      await user.getByLabel('Account holder name').fill('Meera Nair');
      await user.getByLabel('Account number').fill('123456789012');
      await user.getByLabel('Bank name').fill('State Bank of India');
      await user.getByLabel('IFSC code').fill('SBIN0001234');
      await user.getByLabel('Amount').fill('1000');
      await user.getByRole('button', { name: /confirm/i }).click();
      await user.getByTestId('toast').filter({ hasText: MSG.withdrawalSubmitted }).waitFor();
      await expect.poll(() => user.getByTestId('header-balance').textContent()).toBe('₹1,500.00');

      // The admin rejects it with remarks.
      await admin.goto(`${platform.url}/app-panel/withdrawals`);
      const wrow = admin.getByRole('row').filter({ hasText: trader.username });
      await wrow.getByRole('link', { name: 'View' }).click();
      await admin.getByLabel('Remarks').fill('Account name does not match');
      await admin.getByRole('button', { name: 'Reject' }).click();
      await admin.getByTestId('toast').filter({ hasText: MSG.withdrawalRejected }).waitFor();

      // The user: money back, the bell, and the return with the remarks in Financial Records.
      await expect.poll(() => user.getByTestId('header-balance').textContent()).toBe('₹2,500.00');
      await expect.poll(() => bellCount(user)).toBe('2');
      await user.goto(`${platform.url}/assets/records`);
      const records = user.getByTestId('records');
      const returned = records.getByRole('row').filter({ hasText: 'Withdrawal and return' });
      await returned.waitFor();
      expect(await returned.textContent()).toContain('Account name does not match');
      expect(await returned.textContent()).toContain('1,000.00');
    });

    const client = createDb(database.url, { max: 1 });
    try {
      expect(await checkLedgerInvariants(client.db)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
