import { checkLedgerInvariants, createDb } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { MSG } from '@app/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiLogIn,
  browserPool,
  chooseRealMoney,
  createAccount,
  logIn,
  type Platform,
  setUpTwoFactorOnPage,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The admin users screen in two browsers against the whole platform: an admin finds a user by
 * search and adds balance with a remark, which the user's header balance and Financial Records
 * show without a reload; a superadmin promotes a user to admin, whose session ends, and who sees
 * the Admin Panel button after signing in again.
 */

let platform: Platform;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let superToken: string;
const browsers = browserPool();

beforeAll(async () => {
  database = await createTestDatabase(inject('adminDatabaseUrl'));
  platform = await startE2ePlatform('users', {
    env: { DATABASE_URL: database.url },
  });
  superToken = await apiLogIn(platform, platform.superadmin);
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
  await database?.drop();
});

/** An account made by the superadmin through the API (create-user or create-admin). */
const account = (kind: 'user' | 'admin', firstName: string, lastName: string) =>
  createAccount(platform, superToken, kind, { firstName, lastName });

describe('admin users screen in two browsers', () => {
  it('an admin finds a user by search and adds balance; the user sees it live in the header and Financial Records', async () => {
    const trader = await account('user', 'Kavya', 'Iyer');
    const operator = await account('admin', 'Ravi', 'Menon');
    const user = (await browsers.open()).page;
    const admin = (await browsers.open()).page;

    await withScreenshots('admin-users-balance', [user, admin], async () => {
      await logIn(user, platform, trader.username, trader.password);
      await user.goto(`${platform.url}/assets/records`);
      await user.getByTestId('records').waitFor();
      await chooseRealMoney(user);
      await expect.poll(() => user.getByTestId('header-balance').textContent()).toBe('₹0.00');

      await logIn(admin, platform, operator.username, operator.password);
      await admin.goto(`${platform.url}/app-panel/users`);
      await admin.getByRole('heading', { name: 'Users' }).waitFor();
      // A plain admin has no superadmin view.
      expect(await admin.getByText('superadmin view').count()).toBe(0);
      await admin.getByPlaceholder('Username, email or name').fill(trader.email);
      await admin.waitForURL((url) => url.searchParams.get('search') === trader.email);
      const row = admin.getByTestId('user-row').filter({ hasText: trader.username });
      await row.waitFor();
      await expect.poll(() => admin.getByTestId('user-row').count()).toBe(1);
      await row.getByRole('button', { name: /Edit/ }).click();

      const modal = admin.getByTestId('user-detail');
      await modal.waitFor();
      await modal.getByRole('button', { name: 'Add Balance' }).click();
      const form = admin.getByTestId('balance-credit');
      await form.getByLabel('Amount (₹)').fill('2750.50');
      await form.getByLabel('Remarks (shown to the user)').fill('Welcome bonus e2e');
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await admin.getByTestId('toast').filter({ hasText: MSG.balanceAdjusted }).waitFor();
      // The modal's balance card and the table follow.
      await modal.getByText('₹2,750.50').first().waitFor();

      // The user: header balance and Financial Records, without a reload.
      await expect.poll(() => user.getByTestId('header-balance').textContent()).toBe('₹2,750.50');
      const entry = user.getByTestId('records').getByRole('row').filter({ hasText: 'Welcome bonus e2e' });
      await entry.waitFor();
      expect(await entry.textContent()).toContain('2,750.50');
    });

    const client = createDb(database.url, { max: 1 });
    try {
      expect(await checkLedgerInvariants(client.db)).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('a superadmin promotes a user to admin: signed out, and after signing in again and setting up two-factor sign-in the Admin Panel opens', async () => {
    const promoted = await account('user', 'Arjun', 'Das');
    const user = (await browsers.open()).page;
    const superadmin = (await browsers.open()).page;

    await withScreenshots('admin-users-promote', [user, superadmin], async () => {
      await logIn(user, platform, promoted.username, promoted.password);
      await user.goto(`${platform.url}/account`);
      await user.getByRole('button', { name: 'Change Password' }).waitFor();
      expect(await user.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);

      await logIn(superadmin, platform, platform.superadmin.username, platform.superadmin.password);
      await superadmin.goto(
        `${platform.url}/app-panel/users?search=${encodeURIComponent(promoted.username)}`,
      );
      await superadmin.getByText('superadmin view').waitFor();
      const row = superadmin.getByTestId('user-row').filter({ hasText: promoted.username });
      await row.getByRole('button', { name: /Edit/ }).click();
      const info = superadmin.getByTestId('user-info-form');
      await info.getByLabel('Role').selectOption('admin');
      await info.getByRole('button', { name: 'Save' }).click();
      await superadmin.getByTestId('toast').filter({ hasText: MSG.userUpdated }).waitFor();

      // The promoted user's session ended: the app signs them out.
      await user.waitForURL((url) => url.pathname === '/login');
      await logIn(user, platform, promoted.username, promoted.password);
      // A new admin is asked to set up two-factor sign-in first, and the panel waits for it.
      await user.waitForURL((url) => url.pathname === '/two-factor-setup');
      await user.goto(`${platform.url}/app-panel/users`);
      await user.waitForURL((url) => url.pathname === '/two-factor-setup');
      await setUpTwoFactorOnPage(user, platform, promoted);
      await user.getByTestId('two-factor-to-panel').waitFor();
      await user.goto(`${platform.url}/account`);
      const panel = user.getByRole('link', { name: 'Admin Panel' });
      await panel.waitFor();
      await panel.click();
      await user.waitForURL((url) => url.pathname.startsWith('/app-panel'));
    });
  });
});
