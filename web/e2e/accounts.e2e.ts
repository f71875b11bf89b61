import { randomBytes } from 'node:crypto';
import { MSG } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPool, logIn, type Platform, withScreenshots } from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('accounts');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

const unique = () => randomBytes(3).toString('hex');
const path = (page: Page) => new URL(page.url()).pathname;
const at = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

function newUser() {
  const id = unique();
  return {
    firstName: 'Asha',
    lastName: 'Verma',
    username: `user_${id}`,
    email: `user-${id}@example.com`,
    password: `pass-${id}-word`,
  };
}

async function register(page: Page, user: ReturnType<typeof newUser>, referralKey: string) {
  await page.goto(`${platform.url}/register?ref=${referralKey}`);
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  // The key from the link is already filled in.
  expect(await page.getByLabel('Referral key').inputValue()).toBe(referralKey);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await at(page, '/account');
}

async function logOut(page: Page) {
  await page.goto(`${platform.url}/account`);
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL((url) => url.pathname !== '/account');
  // Signed out: the account page now sends us to log in.
  await page.goto(`${platform.url}/account`);
  await at(page, '/login');
}

describe('accounts in the browser', () => {
  it('registers with the seeded referral key, logs out and in, and changes the password', async () => {
    const { page } = await browsers.open();
    const user = newUser();
    await withScreenshots('register-login-change-password', [page], async () => {
      await register(page, user, platform.referralKey);
      await page.getByTestId('balance').waitFor();

      await logOut(page);
      await logIn(page, platform, user.username, user.password);
      await page.goto(`${platform.url}/account`);
      await page.getByTestId('balance').waitFor();

      await page.getByRole('button', { name: 'Change Password' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Current password').fill(user.password);
      const newPassword = `new-${unique()}-secret`;
      await dialog.getByLabel('New password').fill(newPassword);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('toast').filter({ hasText: MSG.passwordChanged }).waitFor();
      await dialog.waitFor({ state: 'detached' });

      await logOut(page);
      // The old password no longer works; the new one does (with the email this time).
      await page.goto(`${platform.url}/login`);
      await page.getByLabel('Username or Email').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator('.notice, [role="alert"]').first().waitFor();
      expect(path(page)).toBe('/login');
      await logIn(page, platform, user.email, newPassword);
      await page.goto(`${platform.url}/account`);
      await page.getByTestId('balance').waitFor();
      expect(path(page)).toBe('/account');
    });
  });

  it('sends a plain user who opens /app-panel to /home', async () => {
    const { page } = await browsers.open();
    const user = newUser();
    await withScreenshots('plain-user-app-panel', [page], async () => {
      const res = await fetch(`${platform.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, referral: platform.referralKey, country: 'India' }),
      });
      expect(res.status, await res.clone().text()).toBe(201);

      await logIn(page, platform, user.username, user.password);
      await page.goto(`${platform.url}/app-panel`);
      await at(page, '/home');
      await page.goto(`${platform.url}/app-panel/referral-keys`);
      await at(page, '/home');
    });
  });

  it('lets the superadmin generate a referral key that a new user registers with', async () => {
    const admin = await browsers.open();
    const visitor = await browsers.open();
    await withScreenshots('superadmin-referral-key', [admin.page, visitor.page], async () => {
      const { page } = admin;
      await logIn(page, platform, platform.superadmin.username, platform.superadmin.password);
      await page.goto(`${platform.url}/app-panel/referral-keys`);
      await page.getByLabel('Label').fill(`e2e ${unique()}`);
      await page.getByLabel('Max uses').fill('1');
      await page.getByRole('button', { name: 'Generate key' }).click();
      const code = ((await page.getByTestId('generated-key').first().textContent()) ?? '').trim();
      expect(code).toMatch(/^[A-Z0-9]{8}$/);

      // Someone else, in a browser of their own.
      await register(visitor.page, newUser(), code);
      await visitor.page.getByTestId('balance').waitFor();
    });
  });
});
