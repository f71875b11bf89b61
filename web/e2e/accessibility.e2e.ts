import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserPool,
  logIn,
  type Platform,
  placePracticeTrade,
  type RegisteredUser,
  registerUser,
  withScreenshots,
} from '../../scripts/lib/e2e.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * axe-core (WCAG 2.2 A and AA rules) on every page of the running platform in Chromium:
 * signed out, signed in as a user, and the admin panel as a superadmin, each at desktop and
 * phone width. Any serious or critical finding fails the test, listed page by page.
 * One platform and one browser serve every sweep.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/market',
  '/trade/BTC-INR',
  '/orders',
  '/about',
  '/announcements',
  '/privacy',
  '/terms',
  '/rules',
  '/support',
];
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
];
const ADMIN_PAGES = [
  '/app-panel/dashboard',
  '/app-panel/users',
  '/app-panel/coins',
  '/app-panel/trade-log',
  '/app-panel/trade-setting',
  '/app-panel/risk',
  '/app-panel/topups',
  '/app-panel/withdrawals',
  '/app-panel/referral-keys',
  '/app-panel/login-history',
  '/app-panel/audit',
  '/app-panel/announcements',
  '/app-panel/support/tickets',
  '/app-panel/notifications/send',
  '/app-panel/super',
  '/app-panel/super/create-user',
  '/app-panel/super/create-admin',
  '/app-panel/super/site-settings',
];

/** Served by the test at the platform's own origin, so the app's `script-src 'self'` lets it run. */
const AXE_PATH = '/__e2e/axe.min.js';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: unknown[]; failureSummary?: string; html: string };
type AxeViolation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] };

let platform: Platform;
let page: Page;
let user: RegisteredUser;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('a11y');
  user = await registerUser(platform, { firstName: 'Meera', lastName: 'Nair', prefix: 'a11y' });
  await placePracticeTrades(user);
  const browser = await browsers.open();
  page = browser.page;
  await browser.context.route(`${platform.url}${AXE_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: axeSource }),
  );
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.stop();
});

/**
 * An Up and a Down practice trade, so the user's order lists and receipts have rows (one won,
 * one lost once they settle, before the signed-in sweeps) for axe to check.
 */
async function placePracticeTrades(who: RegisteredUser) {
  for (const direction of ['up', 'down'] as const) await placePracticeTrade(platform, who, direction);
}

/** Opens a page and waits until it has drawn its content (its data calls have answered). */
async function open(path: string) {
  await page.goto(`${platform.url}${path}`);
  await page.locator('#main').waitFor();
  await page.waitForLoadState('networkidle').catch(() => {});
  // Nothing still says "Loading…" in the page's main content.
  await expect
    .poll(() =>
      page
        .locator('#main [role="status"]')
        .filter({ hasText: /loading/i })
        .count(),
    )
    .toBe(0);
}

/** Runs axe on the page as it stands and returns its serious and critical findings, readably. */
async function audit(label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: AXE_PATH });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: unknown };
    return result.violations;
  }, AXE_TAGS);
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => {
          const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
          return `    - ${n.target.join(' ')}: ${n.html.slice(0, 140)}${why ? `\n      ${why.slice(0, 240)}` : ''}`;
        })
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `${label}: ${v.id} (${v.impact}) ${v.help}, ${v.nodes.length} element(s)\n    ${v.helpUrl}\n${nodes}${more}`;
    });
}

async function sweep(who: string, paths: string[], width: (typeof WIDTHS)[number]) {
  await page.setViewportSize({ width: width.width, height: width.height });
  const findings: string[] = [];
  for (const path of paths) {
    const label = `${path} at ${width.width} px, ${who}`;
    await withScreenshots(`a11y ${label}`, [page], async () => {
      await open(path).catch((err: Error) => {
        err.message = `${label}: ${err.message}`;
        throw err;
      });
      findings.push(...(await audit(label)));
    });
  }
  expect(findings, `axe found serious or critical problems:\n\n${findings.join('\n\n')}\n`).toEqual([]);
}

async function signOut() {
  await page.evaluate(() => localStorage.removeItem('token'));
}

describe('accessibility (axe-core, WCAG 2.2 A and AA) in Chromium', () => {
  for (const width of WIDTHS) {
    it(`signed out, every public page at ${width.width} px`, { timeout: 240_000 }, async () => {
      await page.goto(`${platform.url}/home`);
      await signOut();
      await sweep('signed out', PUBLIC_PAGES, width);
    });
  }

  for (const width of WIDTHS) {
    it(`signed in, every user page at ${width.width} px`, { timeout: 240_000 }, async () => {
      await page.goto(`${platform.url}/home`);
      await signOut();
      await logIn(page, platform, user.username, user.password);
      await sweep('signed in', USER_PAGES, width);
    });
  }

  it('the skip link is the first Tab stop and moves focus to the main content, and focus is visible', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await open('/login');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box !== null && box.y >= 0 && box.width > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab goes into the page itself, and the focused control shows a ring.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { inMain: !!el.closest('#main'), outline: style.outlineStyle, shadow: style.boxShadow };
    });
    expect(focused.inMain).toBe(true);
    expect(focused.outline !== 'none' || focused.shadow !== 'none').toBe(true);
  });

  it('the live price reaches screen readers politely, at most once every five seconds', async () => {
    await open('/trade/BTC-INR');
    const region = page.getByTestId('price-announcer');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => region.textContent(), { timeout: 15_000 }).toMatch(/^BTC\/INR: ₹[\d,.]+$/);
    const announced = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const el = document.querySelector('[data-testid="price-announcer"]');
          let changes = 0;
          const observer = new MutationObserver(() => changes++);
          if (el) observer.observe(el, { childList: true, characterData: true, subtree: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(changes);
          }, 7000);
        }),
    );
    expect(announced).toBeLessThanOrEqual(2);
  });

  for (const width of WIDTHS) {
    it(`admin, every admin page at ${width.width} px`, { timeout: 240_000 }, async () => {
      await page.goto(`${platform.url}/home`);
      await signOut();
      await logIn(page, platform, platform.superadmin.username, platform.superadmin.password);
      await sweep('superadmin', ADMIN_PAGES, width);
    });
  }
});
