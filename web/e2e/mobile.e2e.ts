import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, post } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  browserPool,
  logIn,
  type Platform,
  placePracticeTrade,
  type RegisteredUser,
  registerUser,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { ADMIN_NAV, SUPER_NAV } from '../src/app/admin/nav.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * The app on a phone (375 × 812, the production build the platform serves): the bottom nav
 * and its sheets work, no signed-in page scrolls sideways (tables turn into cards), nor does
 * any page of the admin panel (its tables scroll inside their own frame), and the
 * app is installable: manifest, icons and a service worker that keeps the shell but never
 * an API answer. Every page's screenshot is kept in ARTIFACTS for a reviewer.
 */

const PHONE = { width: 375, height: 812 };
const ARTIFACTS = process.env.E2E_ARTIFACTS_DIR
  ? join(process.env.E2E_ARTIFACTS_DIR, 'mobile')
  : join(tmpdir(), 'e2e-artifacts', 'mobile');

const USER_PAGES = [
  '/home',
  '/market',
  '/trade/BTC-INR',
  '/orders',
  '/assets',
  '/assets/topup',
  '/assets/withdraw',
  '/assets/records',
  '/account',
  '/notifications',
  '/support',
  '/about',
  '/announcements',
  '/privacy',
  '/terms',
];

const SIGNED_OUT_PAGES = ['/home', '/login', '/register'];

/** Every page of the admin panel a superadmin opens from its sidebar. */
const ADMIN_PAGES = [...ADMIN_NAV, ...SUPER_NAV].map((item) => `/app-panel/${item.path}`);

let platform: Platform;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let user: RegisteredUser;
const browsers = browserPool();

/** Some rows in the lists (a funding record, a running practice trade) so tables have cards to lay out. */
async function giveUserHistory(who: RegisteredUser) {
  const client = createDb(database.url, { max: 1 });
  try {
    await client.db.transaction((tx) =>
      post(tx, {
        type: 'admin_adjustment',
        userId: who.id,
        account: 'real',
        amount: 50_000n,
        counterparty: 'adjustments',
        remarks: 'e2e funding',
        idempotencyKey: `e2e:fund:${who.id}`,
      }),
    );
  } finally {
    await client.close();
  }
  await placePracticeTrade(platform, who, 'up');
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  database = await createTestDatabase(inject('adminDatabaseUrl'));
  platform = await startE2ePlatform('mobile', {
    env: { DATABASE_URL: database.url },
  });
  user = await registerUser(platform, { firstName: 'Priya', lastName: 'Menon', prefix: 'phone' });
  await giveUserHistory(user);
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
  await database?.drop();
});

async function phone(): Promise<Page> {
  const { page } = await browsers.open();
  await page.setViewportSize(PHONE);
  return page;
}

/** How much wider than the window the page is (0 when it does not scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A withdrawal of `who` waiting for review, made through the API as the withdrawal form makes it. */
async function askWithdrawal(who: RegisteredUser): Promise<string> {
  const res = await fetch(`${platform.url}/api/withdrawals`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${who.token}`,
      'content-type': 'application/json',
      'idempotency-key': `e2e-withdraw-${who.id}`,
    },
    body: JSON.stringify({
      amount: 100,
      method: 'bank',
      accountHolderName: `${who.username} holder`,
      bankAccountNumber: '123456789012',
      bankName: 'State Bank of India',
      ifscCode: 'SBIN0001234',
    }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`withdrawal refused (${res.status}): ${text}`);
  return (JSON.parse(text) as { withdrawal: { id: string } }).withdrawal.id;
}

/** Opens a page and waits until its data calls have answered and nothing says "Loading". */
async function open(page: Page, path: string) {
  await page.goto(`${platform.url}${path}`);
  await page.locator('#main').waitFor();
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect.poll(() => page.locator('#main').getByText('Loading...').count()).toBe(0);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true });

describe('the app on a phone (375 × 812)', () => {
  it('the bottom nav moves between pages; Account and More open their sheets', async () => {
    const page = await phone();
    await withScreenshots('mobile-bottom-nav', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      await open(page, '/home');
      const nav = page.getByRole('navigation', { name: 'Mobile navigation' });
      await nav.waitFor();
      // The desktop header nav is gone at this width.
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      // The coin search keeps a usable width (a row of its own under the header's buttons).
      const search = await page.locator('.coin-search input').boundingBox();
      expect(search?.width ?? 0).toBeGreaterThan(PHONE.width / 2);

      for (const [label, path] of [
        ['Trade', /^\/trade\/BTC-INR$/],
        ['Orders', /^\/orders$/],
        ['Wallet', /^\/assets$/],
        ['Home', /^\/home$/],
      ] as const) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await link.click();
        await page.waitForURL((url) => path.test(url.pathname));
        await expect.poll(() => link.getAttribute('class')).toContain('active');
      }
      await shot(page, 'bottom-nav-home');

      // Account opens the user sheet, More the other one.
      await nav.getByRole('button', { name: 'Account', exact: true }).click();
      const userSheet = page.getByRole('dialog', { name: 'Account menu' });
      await userSheet.waitFor();
      await shot(page, 'user-sheet');
      await page.keyboard.press('Escape');
      await userSheet.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'More', exact: true }).click();
      const moreSheet = page.getByRole('dialog', { name: 'More' });
      await moreSheet.waitFor();
      await shot(page, 'more-sheet');
      await moreSheet.getByRole('link', { name: 'Orders', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/orders');
      await moreSheet.waitFor({ state: 'detached' });

      // The More sheet's Download the APP opens the install dialog (a desktop browser here).
      await page.getByRole('button', { name: 'More', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'More' })
        .getByRole('button', { name: 'Download the APP' })
        .click();
      const install = page.getByRole('dialog', { name: 'Download the APP' });
      await install
        .getByText('Installing the app is not supported in this browser', { exact: false })
        .waitFor();
      await shot(page, 'install-dialog');
      expect(pathOf(page)).toBe('/orders');
    });
  });

  it('no page scrolls sideways (signed in, and the visitor pages); tables are cards', {
    timeout: 240_000,
  }, async () => {
    const page = await phone();
    await withScreenshots('mobile-no-sideways-scroll', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      // Practice mode: the orders list then holds the practice trade made for this user.
      await page.evaluate(() => localStorage.setItem('accountMode', 'practice'));
      const wide: string[] = [];
      for (const path of USER_PAGES) {
        await open(page, path);
        await shot(page, `page${path}`);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${path}: ${PHONE.width + extra} px wide in a ${PHONE.width} px window`);
      }

      // Signed out: the pages a visitor lands on.
      await page.evaluate(() => localStorage.removeItem('token'));
      for (const path of SIGNED_OUT_PAGES) {
        await open(page, path);
        await shot(page, `signed-out${path}`);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${path} (signed out): ${PHONE.width + extra} px in ${PHONE.width} px`);
      }
      expect(wide, `pages that scroll sideways at ${PHONE.width} px`).toEqual([]);
      await logIn(page, platform, user.username, user.password);

      // Orders: a card per trade (no table), inside the window.
      await open(page, '/orders');
      const card = page.getByTestId('order-card').first();
      await card.waitFor();
      expect(await page.locator('#main table').count()).toBe(0);
      expect((await card.boundingBox())?.width ?? PHONE.width + 1).toBeLessThanOrEqual(PHONE.width);

      // Financial Records: each row is a card of "label value" lines, no header row.
      for (const path of ['/assets/records']) {
        await open(page, path);
        const row = page.locator('#main table tbody tr').filter({ has: page.locator('td[data-label]') });
        await row.first().waitFor();
        const layout = await row.first().evaluate((tr) => {
          const cells = [...tr.querySelectorAll('td[data-label]')];
          const header = tr.closest('table')?.querySelector('thead');
          return {
            rowDisplay: getComputedStyle(tr).display,
            cellDisplay: cells[0] ? getComputedStyle(cells[0]).display : '',
            label: cells[0] ? getComputedStyle(cells[0], '::before').content : '',
            headerHeight: header ? header.getBoundingClientRect().height : 0,
            right: Math.max(...cells.map((c) => c.getBoundingClientRect().right)),
          };
        });
        expect(layout.rowDisplay, path).toBe('block');
        expect(layout.cellDisplay, path).toBe('flex');
        expect(layout.label, path).not.toBe('none');
        expect(layout.headerHeight, path).toBeLessThanOrEqual(1);
        expect(layout.right, path).toBeLessThanOrEqual(PHONE.width);
      }
    });
  });

  it('no admin panel page scrolls sideways (a superadmin, every page of the sidebar and a withdrawal)', {
    timeout: 240_000,
  }, async () => {
    // A request in the lists and a withdrawal's own page, so tables and details have rows to lay out.
    const withdrawal = await askWithdrawal(user);
    const page = await phone();
    await withScreenshots('mobile-admin-no-sideways-scroll', [page], async () => {
      await logIn(page, platform, platform.superadmin.username, platform.superadmin.password);
      const wide: string[] = [];
      for (const path of [...ADMIN_PAGES, `/app-panel/withdrawals/${withdrawal}`]) {
        await open(page, path);
        expect(pathOf(page), 'the panel let the superadmin in').toBe(path);
        await shot(page, `admin${path}`);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${path}: ${PHONE.width + extra} px wide in a ${PHONE.width} px window`);
      }
      expect(wide, `admin pages that scroll sideways at ${PHONE.width} px`).toEqual([]);

      // The sidebar is a drawer at this width, and it fits the window too.
      await open(page, '/app-panel/dashboard');
      await page.getByRole('button', { name: 'Menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByRole('link', { name: 'Users' }).waitFor();
      expect((await drawer.boundingBox())?.width ?? PHONE.width + 1).toBeLessThanOrEqual(PHONE.width);
      expect(await overflow(page)).toBe(0);
      await shot(page, 'admin-drawer');
    });
  });

  it('is installable: manifest, icons and a service worker that never keeps API answers', async () => {
    const manifestRes = await fetch(`${platform.url}/manifest.webmanifest`);
    expect(manifestRes.status).toBe(200);
    expect(manifestRes.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestRes.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/home');
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const res = await fetch(`${platform.url}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
      // The PNG's own header says its size (IHDR width at byte 16).
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.readUInt32BE(16), icon.src).toBe(Number(icon.sizes.split('x')[0]));
    }
    const sw = await fetch(`${platform.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    const page = await phone();
    await withScreenshots('mobile-installable', [page], async () => {
      await logIn(page, platform, user.username, user.password);
      await open(page, '/orders');
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      const scriptURL = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active?.scriptURL;
      });
      expect(scriptURL).toBe(`${platform.url}/sw.js`);
      // Once in control, pages load through it: reload and use the app so API calls happen.
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await open(page, '/assets/records');
      // Requests it leaves alone still reach the test's own routes (other suites serve files so).
      await page
        .context()
        .route(`${platform.url}/__e2e/probe.txt`, (route) =>
          route.fulfill({ status: 200, contentType: 'text/plain', body: 'routed' }),
        );
      expect(await page.evaluate(() => fetch('/__e2e/probe.txt').then((res) => res.text()))).toBe('routed');

      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(cached).toContain('/offline.html');
      expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
      expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/socket.io'))).toEqual([]);

      // Offline, a page load shows the offline page instead of stale screens.
      await page.context().setOffline(true);
      try {
        await page.goto(`${platform.url}/orders`);
        await page.getByRole('heading', { name: 'You are offline' }).waitFor();
        await shot(page, 'offline');
        // API calls are not answered from any cache while offline.
        const apiWhileOffline = await page.evaluate(() =>
          fetch('/api/user/me/balances').then(
            (res) => `status ${res.status}`,
            () => 'failed',
          ),
        );
        expect(apiWhileOffline).toBe('failed');
      } finally {
        await page.context().setOffline(false);
      }
      await open(page, '/orders');
      expect(pathOf(page)).toBe('/orders');
    });
  });
});
