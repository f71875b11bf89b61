import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogIn,
  browserPool,
  logIn,
  type Platform,
  type RegisteredUser,
  registerUser,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The language switch in Chromium: the header's picker and the phone's More sheet offer all four
 * languages; choosing Hindi or German rewrites the header and the account pages, writes dates the
 * language's way, and keeps money in en-IN (₹ with Indian grouping).
 */

let platform: Platform;
let user: RegisteredUser;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('lang');
  user = await registerUser(platform, { firstName: 'Asha', lastName: 'Verma', prefix: 'lang' });
  // A credit large enough to show the Indian grouping, and a ledger row with a date.
  const token = await apiLogIn(platform, platform.superadmin);
  const credit = await fetch(`${platform.url}/api/admin/users/${user.id}/balance-adjustments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': `lang-${randomBytes(6).toString('hex')}`,
    },
    body: JSON.stringify({ type: 'credit', amount: 123456.7, remarks: 'Opening credit' }),
  });
  expect(credit.status).toBe(200);
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

/** A language's button: its own name, then its code (how the spans join depends on layout). */
const named = (name: string, code: string) => new RegExp(`^${name}\\s*${code}$`);
const CHOICES = {
  en: named('English', 'EN'),
  fr: named('Français', 'FR'),
  de: named('Deutsch', 'DE'),
  hi: named('हिन्दी', 'HI'),
};

/** The texts each language shows in the header and on the account pages. */
const TEXT = {
  en: {
    language: named('Language', 'EN'),
    mainNav: 'Main navigation',
    nav: ['Trade', 'Orders', 'Wallet'],
    account: ['Available Balance', 'Bank Details', 'Change Password', 'Log out everywhere'],
    orders: ['Running Orders', 'Closed Orders'],
    date: /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/,
  },
  hi: {
    language: named('भाषा', 'HI'),
    mainNav: 'मुख्य नेविगेशन',
    nav: ['ट्रेड', 'ऑर्डर', 'वॉलेट'],
    account: ['उपलब्ध बैलेंस', 'बैंक विवरण', 'पासवर्ड बदलें', 'हर जगह से लॉग आउट करें'],
    orders: ['चालू ऑर्डर', 'बंद ऑर्डर'],
    // day/month/year, 12-hour clock
    date: /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/,
  },
  de: {
    language: named('Sprache', 'DE'),
    mainNav: 'Hauptnavigation',
    nav: ['Handeln', 'Aufträge', 'Wallet'],
    account: ['Verfügbares Guthaben', 'Bankverbindung', 'Passwort ändern', 'Überall abmelden'],
    orders: ['Laufende Aufträge', 'Abgeschlossene Aufträge'],
    date: /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/,
  },
} as const;
type Lang = keyof typeof TEXT;

async function openPage(page: Page, path: string) {
  await page.goto(`${platform.url}${path}`);
  await page.locator('#main').waitFor();
}

async function pickInHeader(page: Page, from: Lang, to: Lang) {
  await page.getByRole('button', { name: TEXT[from].language }).click();
  const dialog = page.getByRole('dialog');
  for (const name of Object.values(CHOICES)) await dialog.getByRole('button', { name }).waitFor();
  await dialog.getByRole('button', { name: CHOICES[to] }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The header and the account and orders pages all speak `lang`; money stays ₹1,23,456.70. */
async function speaks(page: Page, lang: Lang) {
  const text = TEXT[lang];
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await page.getByRole('button', { name: text.language }).waitFor();
  const nav = page.getByRole('navigation', { name: text.mainNav, exact: true });
  for (const name of text.nav) await nav.getByRole('link', { name, exact: true }).waitFor();

  await openPage(page, '/account');
  for (const label of text.account) await page.locator('#main').getByText(label, { exact: true }).waitFor();
  await expect.poll(() => page.getByTestId('balance').textContent()).toBe('₹1,23,456.70');
  // The wallet activity row of the credit, dated the language's way.
  await expect.poll(() => page.locator('#main').textContent()).toMatch(text.date);

  await openPage(page, '/orders');
  for (const title of text.orders)
    await page.locator('#main').getByText(title, { exact: true }).first().waitFor();
}

describe('languages in the browser', () => {
  it('switching to Hindi and to German rewrites the header and the account pages; money stays en-IN', async () => {
    const { page } = await browsers.open();
    await withScreenshots('languages-switch', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      await openPage(page, '/account');
      await speaks(page, 'en');

      await pickInHeader(page, 'en', 'hi');
      await speaks(page, 'hi');
      // The choice is kept across a reload.
      await page.reload();
      await speaks(page, 'hi');

      await pickInHeader(page, 'hi', 'de');
      await speaks(page, 'de');
      expect(await page.locator('#main').textContent()).not.toContain('ऑर्डर');
    });
  });

  it('on a phone the More sheet lists the four languages and switches from there', async () => {
    const { page } = await browsers.open();
    await page.setViewportSize({ width: 375, height: 812 });
    await withScreenshots('languages-more-sheet', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      await openPage(page, '/account');
      await page.getByRole('button', { name: 'More', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      for (const name of Object.values(CHOICES)) await sheet.getByRole('button', { name }).waitFor();
      expect(await sheet.getByRole('button', { name: CHOICES.en }).getAttribute('aria-pressed')).toBe('true');

      await sheet.getByRole('button', { name: CHOICES.hi }).click();
      await sheet.waitFor({ state: 'detached' });
      const bottomNav = page.getByRole('navigation', { name: 'मोबाइल नेविगेशन' });
      for (const name of ['होम', 'ट्रेड', 'ऑर्डर', 'वॉलेट'])
        await bottomNav.getByRole('link', { name, exact: true }).waitFor();
      await page.locator('#main').getByText('बैंक विवरण', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'और', exact: true }).click();
      const sheetHi = page.getByRole('dialog', { name: 'और' });
      expect(await sheetHi.getByRole('button', { name: CHOICES.hi }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await sheetHi.getByRole('button', { name: CHOICES.de }).click();
      await page
        .getByRole('navigation', { name: 'Mobile Navigation' })
        .getByRole('link', { name: 'Aufträge' })
        .waitFor();
      await page.locator('#main').getByText('Bankverbindung', { exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe('₹1,23,456.70');
    });
  });
});
