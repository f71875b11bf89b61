import { MSG } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserPool,
  logIn,
  nextTotpCode,
  type Platform,
  registerUser,
  setUpTwoFactorOnPage,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * Two-factor sign-in against the whole platform: a user turns it on from the account page
 * (reading the key from the page instead of scanning the QR code, the code computed as an
 * authenticator app would), then signs in with the password and a code.
 */

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('2fa');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

const section = (page: Page) => page.getByTestId('two-factor-section');

describe('two-factor sign-in', () => {
  it('a user turns it on from the account page and then signs in with a code', async () => {
    const user = await registerUser(platform, { firstName: 'Meera', lastName: 'Pillai', prefix: 'tfa' });
    const { page } = await browsers.open();
    await withScreenshots('two-factor-sign-in', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      await page.goto(`${platform.url}/account`);
      await section(page).getByTestId('two-factor-state').filter({ hasText: 'Off' }).waitFor();

      await setUpTwoFactorOnPage(page, platform, user);
      await page.getByTestId('toast').filter({ hasText: MSG.twoFactorEnabled }).waitFor();
      await section(page).getByTestId('two-factor-state').filter({ hasText: 'On' }).waitFor();
      expect(await section(page).textContent()).toContain('Recovery codes left: 10');

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname !== '/account');

      // The password alone is not enough: the form asks for a code, and a wrong one is refused.
      await page.goto(`${platform.url}/login`);
      await page.getByLabel('Username or Email').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
      const step = page.getByTestId('two-factor-step');
      await step.getByLabel('Code from the app').fill('000000');
      await step.getByRole('button', { name: 'Verify' }).click();
      await step.getByRole('alert').filter({ hasText: MSG.twoFactorCodeWrong }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');

      const totp = platform.totp.get(user.username.toLowerCase());
      if (!totp) throw new Error('no secret kept for the user');
      await step.getByLabel('Code from the app').fill(await nextTotpCode(totp));
      await step.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');

      await page.goto(`${platform.url}/account`);
      await page.getByTestId('balance').waitFor();
      await section(page).getByTestId('two-factor-state').filter({ hasText: 'On' }).waitFor();
    });
  });
});
