import { randomBytes } from 'node:crypto';
import { MSG } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPool, logIn, type Platform, registerUser, withScreenshots } from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * Support tickets in two browsers against the whole platform: a user opens a ticket from
 * /support, the admin's two-pane screen receives it live, the admin answers, and the user sees
 * the answer in the dashboard's thread modal without a reload (and the admin the user's reply).
 */

let platform: Platform;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('support');
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

/** The page's socket is connected with its session (the admin panel has no connection badge). */
const live = (page: Page) =>
  page.waitForFunction(
    () => (window.__app?.realtime as { state: () => string } | undefined)?.state() === 'live',
    undefined,
    { timeout: 15_000 },
  );

describe('support tickets', () => {
  it('a user opens a ticket from /support, an admin answers in the two-pane screen, the user reads it live', async () => {
    const user = await registerUser(platform, { firstName: 'Asha', lastName: 'Verma', prefix: 'help' });
    const subject = `Deposit missing ${randomBytes(2).toString('hex')}`;
    const { page: customer } = await browsers.open();
    const { page: admin } = await browsers.open();
    await withScreenshots('support-ticket-answered', [customer, admin], async () => {
      await logIn(admin, platform, platform.superadmin.username, platform.superadmin.password);
      await admin.goto(`${platform.url}/app-panel/support/tickets`);
      await admin.getByRole('heading', { name: 'Support Tickets' }).waitFor();
      await live(admin);

      await logIn(customer, platform, user.username, user.password);
      await customer.goto(`${platform.url}/support`);
      await customer.getByLabel('Subject').fill(subject);
      await customer.getByLabel('Message').fill('My deposit of 500 INR has not arrived yet.');
      await customer.getByRole('button', { name: 'Send message' }).click();
      await customer.getByTestId('toast').filter({ hasText: MSG.ticketCreated }).waitFor();

      // The new ticket reaches the admin's list without a reload.
      const row = admin.getByTestId('admin-tickets').getByRole('button', { name: new RegExp(subject) });
      await row.waitFor();
      await row.click();
      const thread = admin.getByTestId('admin-ticket-thread');
      await thread.getByText('My deposit of 500 INR has not arrived yet.').waitFor();
      expect(await thread.getByText(`Contact email: ${user.email}`).count()).toBe(1);

      // The user opens the thread on the dashboard and keeps it open.
      await customer.goto(`${platform.url}/account`);
      await live(customer);
      await customer
        .getByTestId('my-tickets')
        .getByRole('button', { name: new RegExp(subject) })
        .click();
      const modal = customer.getByRole('dialog', { name: 'Ticket thread' });
      await modal.getByTestId('ticket-status').getByText('open').waitFor();

      await admin.getByLabel('Your reply').fill('We found it: it will reach your balance today.');
      await admin.getByRole('button', { name: 'Send reply' }).click();
      await admin.getByTestId('admin-ticket-status').getByText('answered').waitFor();

      await modal.getByText('We found it: it will reach your balance today.').waitFor();
      await modal.getByTestId('ticket-status').getByText('answered').waitFor();

      // The user's reply reaches the admin's open thread, also live.
      await modal.getByLabel('Your reply').fill('Thank you!');
      await modal.getByRole('button', { name: 'Send reply' }).click();
      await thread.getByText('Thank you!').waitFor();
      await admin.getByTestId('admin-ticket-status').getByText('customer replied').waitFor();
    });
  });
});
