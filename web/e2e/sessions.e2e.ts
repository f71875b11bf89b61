import { randomBytes } from 'node:crypto';
import { MSG } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPool, logIn, type Platform, registerUser, withScreenshots } from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/** Sessions ended on every device, in two browsers signed in as one user, against the whole platform. */

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('sessions');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

const path = (page: Page) => new URL(page.url()).pathname;

/** On the account page, signed in, with the live connection up (the page was loaded with the token). */
async function onAccount(page: Page) {
  await page.goto(`${platform.url}/account`);
  await page.getByTestId('balance').waitFor();
  await page.locator('[data-testid="connection"][data-state="live"]').waitFor();
}

async function toldAndSignedOut(page: Page, message: string) {
  await page.getByTestId('session-ended').getByText(message).waitFor();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('sessions end everywhere', () => {
  it('a password change keeps this browser signed in and signs the other out with the reason; Log out everywhere ends both', async () => {
    const user = await registerUser(platform, { firstName: 'Asha', lastName: 'Verma', prefix: 'sess' });
    const [{ page: here }, { page: there }] = [await browsers.open(), await browsers.open()];
    await withScreenshots('sessions-end-everywhere', [here, there], async () => {
      await logIn(here, platform, user.username, user.password);
      await logIn(there, platform, user.username, user.password);
      await onAccount(here);
      await onAccount(there);

      await here.getByRole('button', { name: 'Change Password' }).click();
      const dialog = here.getByRole('dialog');
      await dialog.getByLabel('Current password').fill(user.password);
      const newPassword = `new-${randomBytes(3).toString('hex')}-secret`;
      await dialog.getByLabel('New password').fill(newPassword);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await here.getByTestId('toast').filter({ hasText: MSG.passwordChanged }).waitFor();

      await toldAndSignedOut(there, MSG.sessionEndedPasswordChanged);
      // This browser goes on with the answer's token, after a reload too.
      await dialog.waitFor({ state: 'detached' });
      expect(await here.getByTestId('session-ended').count()).toBe(0);
      await onAccount(here);
      expect(path(here)).toBe('/account');

      await logIn(there, platform, user.email, newPassword);
      await onAccount(there);
      await here.getByRole('button', { name: 'Log out everywhere' }).click();
      await here.getByTestId('session-ended').getByText(MSG.sessionEndedEverywhere).waitFor();
      await toldAndSignedOut(there, MSG.sessionEndedEverywhere);
      await here.goto(`${platform.url}/account`);
      await here.waitForURL((url) => url.pathname === '/login');
    });
  });
});
