import { MSG } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPool, logIn, type Platform, registerUser, withScreenshots } from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The coin list in two browsers against the whole platform: an admin disables a coin on the
 * Coins screen, and a user's market pages drop it without a reload; enabled again, it is back.
 */

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('coins');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

const homeRow = (page: Page, symbol: string) =>
  page.locator(`[data-testid="market-row"][data-symbol="${symbol}"]`);
const unlisted = (page: Page, symbol: string) =>
  page.getByText(`We do not list a coin with the symbol ${symbol}.`);

/** A marker on window survives only if the page is not reloaded. */
const markNoReload = (page: Page) =>
  page.evaluate(() => {
    (window as Window & { __noReload?: boolean }).__noReload = true;
  });
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as Window & { __noReload?: boolean }).__noReload === true);

async function setEnabled(admin: Page, symbol: string, enabled: boolean) {
  await admin.getByLabel('Search').fill(symbol);
  const row = admin
    .getByRole('row')
    .filter({ has: admin.getByTestId('coin-symbol').getByText(symbol, { exact: true }) });
  await row.waitFor();
  await row.getByRole('button', { name: `Edit ${symbol}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Edit ${symbol}` });
  const box = dialog.getByLabel(/^Enabled/);
  if (enabled) await box.check();
  else await box.uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The form closes once saved; the toast of an earlier save may still be showing then.
  await dialog.waitFor({ state: 'detached' });
  await admin.getByTestId('toast').filter({ hasText: MSG.coinSaved }).waitFor();
  await expect
    .poll(() => row.getByTestId('coin-enabled').textContent())
    .toBe(enabled ? 'Enabled' : 'Disabled');
}

describe('admin coins in two browsers', () => {
  it('an admin disables a coin and it leaves the user’s market pages live; enabling brings it back', async () => {
    const trader = await registerUser(platform, { firstName: 'Kiran', lastName: 'Rao', prefix: 'coins' });
    const userBrowser = await browsers.open();
    const user = userBrowser.page;
    const home = await userBrowser.context.newPage();
    const admin = (await browsers.open()).page;

    await withScreenshots('admin-coins', [user, home, admin], async () => {
      await logIn(user, platform, trader.username, trader.password);
      await user.goto(`${platform.url}/market?id=DOGE`);
      await user.getByRole('link', { name: 'Trade DOGE/INR' }).waitFor();
      await home.goto(`${platform.url}/home`);
      await homeRow(home, 'DOGE').waitFor();
      await markNoReload(user);
      await markNoReload(home);

      await logIn(admin, platform, platform.superadmin.username, platform.superadmin.password);
      await admin.goto(`${platform.url}/app-panel/coins`);
      await admin.getByRole('heading', { name: 'Crypto Prices' }).waitFor();
      await setEnabled(admin, 'DOGE', false);

      // Gone from the user's pages within seconds, and nothing was reloaded.
      await unlisted(user, 'DOGE').waitFor({ timeout: 10_000 });
      await homeRow(home, 'DOGE').waitFor({ state: 'detached', timeout: 10_000 });
      expect(await notReloaded(user)).toBe(true);
      expect(await notReloaded(home)).toBe(true);

      // The trade page's dropdown no longer offers it either.
      await user.goto(`${platform.url}/trade/BTC-INR`);
      await user
        .getByRole('button', { name: /^Choose a market/ })
        .first()
        .click();
      await user.getByRole('option', { name: /BTC/ }).first().waitFor();
      expect(await user.getByRole('option', { name: /DOGE/ }).count()).toBe(0);
      await user.keyboard.press('Escape');

      await setEnabled(admin, 'DOGE', true);
      await homeRow(home, 'DOGE').waitFor({ timeout: 10_000 });
      expect(await notReloaded(home)).toBe(true);
    });
  });
});
