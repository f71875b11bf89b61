import { randomBytes } from 'node:crypto';
import { MSG } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPool, logIn, type Platform, registerUser, withScreenshots } from '../../scripts/lib/e2e.ts';
import { type CaughtMail, inboxMailsTo, linkIn } from '../../scripts/lib/mail-catcher.ts';
import { startE2ePlatform } from './platform.ts';

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('password-reset');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

/** The newest email to `address` whose subject matches, once the launcher's mail catcher has it. */
async function newestMail(address: string, subject: RegExp, count = 1): Promise<CaughtMail> {
  let found: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await inboxMailsTo(platform.mailInbox, address)).filter((m) => subject.test(m.subject));
        return found.length;
      },
      { timeout: 30_000, message: `${count} email(s) "${subject.source}" to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found[found.length - 1] as CaughtMail;
}

/** The emailed link, opened as the person would (it names the platform's public address). */
const linkPath = (mail: CaughtMail, path: string) => {
  const link = new URL(linkIn(mail, 'http'));
  expect(link.pathname).toBe(path);
  return `${platform.url}${link.pathname}${link.search}`;
};

async function signedInPage(page: Page) {
  await page.goto(`${platform.url}/account`);
  await page.getByTestId('balance').waitFor();
}

describe('account recovery by email', () => {
  it('a user resets a forgotten password through the emailed link, then signs in with it', async () => {
    const user = await registerUser(platform, { firstName: 'Meera', lastName: 'Iyer', prefix: 'reset' });
    const { page } = await browsers.open();
    await withScreenshots('password-reset', [page], async () => {
      await page.goto(`${platform.url}/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      await page.getByLabel('Username or Email').fill(user.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(MSG.resetLinkSent).waitFor();

      const mail = await newestMail(user.email, /reset/i);
      expect(mail.html).toContain('<a href=');
      await page.goto(linkPath(mail, '/reset-password'));
      const newPassword = `reset-${randomBytes(4).toString('hex')}-pass`;
      await page.getByLabel('New password').fill(newPassword);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText(MSG.passwordReset).waitFor();

      // The old password no longer signs in; the new one does.
      await page.goto(`${platform.url}/login`);
      await page.getByLabel('Username or Email').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByText(MSG.invalidCredentials).waitFor();
      await logIn(page, platform, user.username, newPassword);
      await signedInPage(page);
    });
  });

  it('asks an unverified user to confirm the address until they open the emailed link', async () => {
    const user = await registerUser(platform, { firstName: 'Kabir', lastName: 'Rao', prefix: 'verify' });
    const { page } = await browsers.open();
    await withScreenshots('email-verification', [page], async () => {
      await newestMail(user.email, /confirm/i);
      await logIn(page, platform, user.username, user.password);
      const banner = page.getByTestId('verify-email-banner');
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Resend' }).click();
      await banner.getByText(MSG.verificationSent).waitFor();

      const mail = await newestMail(user.email, /confirm/i, 2);
      await page.goto(linkPath(mail, '/verify-email'));
      await page.getByText(MSG.emailVerified).waitFor();
      await signedInPage(page);
      expect(await banner.count()).toBe(0);
    });
  });
});
