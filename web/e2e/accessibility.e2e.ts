import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPool, logIn, type Platform, withScreenshots } from '../../scripts/lib/e2e.ts';
import { type LivedIn, seedLivedIn } from '../../scripts/lib/e2e-lived-in.ts';
import { pagesOf, type Sweep } from './pages.ts';
import { startE2ePlatform } from './platform.ts';

/**
 * axe-core (WCAG 2.2 A and AA rules) on every page of the router (web/e2e/pages.ts) on a
 * lived-in platform (scripts/lib/e2e-lived-in.ts: pending top-ups and withdrawals over several
 * users, open tickets, unread notifications, a running and a settled trade, a very long name,
 * a user with nothing): signed out, as a user, as a plain admin and as a superadmin, each at
 * desktop and phone width, and with the menus and dialogs of each open. Any serious or critical
 * finding fails the test, listed page by page. One platform and one browser serve every sweep.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;
type Width = (typeof WIDTHS)[number];

/** Served by the test at the platform's own origin, so the app's `script-src 'self'` lets it run. */
const AXE_PATH = '/__e2e/axe.min.js';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: unknown[]; failureSummary?: string; html: string };
type AxeViolation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] };

let platform: Platform;
let lived: LivedIn;
let page: Page;
const browsers = browserPool();

beforeAll(async () => {
  platform = await startE2ePlatform('a11y');
  lived = await seedLivedIn(platform);
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
  // A sheet or dialog fading in has its colours half-way: judge them once it has arrived.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
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

/** Something a page opens over itself (a menu, a sheet, a dialog): where, and how to open it. */
type Overlay = { name: string; path: string; open: () => Promise<Locator> };

/** The addresses of `who` at `width`, then each overlay open; fails with every finding listed. */
async function sweep(who: Sweep, width: Width, overlays: Overlay[] = []) {
  await page.setViewportSize({ width: width.width, height: width.height });
  const findings: string[] = [];
  const step = (label: string, action: () => Promise<void>) =>
    withScreenshots(`a11y ${label}`, [page], () =>
      action().catch((err: Error) => {
        err.message = `${label}: ${err.message}`;
        throw err;
      }),
    );
  for (const path of pagesOf(who, lived)) {
    const label = `${path} at ${width.width} px, ${who}`;
    await step(label, async () => {
      await open(path);
      findings.push(...(await audit(label)));
    });
  }
  for (const overlay of overlays) {
    const label = `${overlay.path} with ${overlay.name} open at ${width.width} px, ${who}`;
    await step(label, async () => {
      await open(overlay.path);
      await (await overlay.open()).waitFor();
      findings.push(...(await audit(label)));
    });
  }
  expect(findings, `axe found serious or critical problems:\n\n${findings.join('\n\n')}\n`).toEqual([]);
}

async function signOut() {
  await page.goto(`${platform.url}/home`);
  await page.evaluate(() => localStorage.removeItem('token'));
}

async function signInAs(who: Exclude<Sweep, 'signed out'>) {
  await signOut();
  const account = { user: lived.user, admin: lived.admin, superadmin: platform.superadmin }[who];
  await logIn(page, platform, account.username, account.password);
}

/** A button that opens a panel it names by aria-controls: the panel. */
async function panelOf(button: Locator): Promise<Locator> {
  await button.click();
  return page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
}

const dialog = () => page.getByRole('dialog');

const bell: Overlay = {
  name: 'the notifications',
  path: '/home',
  open: () => panelOf(page.getByRole('button', { name: /^Notifications/ })),
};

/** The menus and sheets of the site's header and bottom bar, signed out or in. */
function headerOverlays(who: 'signed out' | 'user', width: Width): Overlay[] {
  if (width.name === 'phone') {
    return [
      {
        name: 'the More sheet',
        path: '/home',
        open: async () => {
          await page.getByRole('button', { name: 'More', exact: true }).click();
          return dialog();
        },
      },
      {
        name: 'the account sheet',
        path: '/home',
        open: async () => {
          const name = who === 'user' ? 'Account' : 'Login';
          await page
            .getByRole('navigation', { name: 'Mobile navigation' })
            .getByRole('button', { name })
            .click();
          return dialog();
        },
      },
      ...(who === 'user' ? [bell] : []),
    ];
  }
  if (who === 'signed out') {
    return [
      {
        name: 'the sign-in dialog',
        path: '/home',
        open: async () => {
          await page.locator('.site-header').getByRole('button', { name: 'Log in', exact: true }).click();
          return dialog();
        },
      },
    ];
  }
  return [{ name: 'the account menu', path: '/home', open: () => panelOf(page.locator('.user-pill')) }, bell];
}

/** The panel's drawer on a phone, a delete confirmation and the user detail. */
function panelOverlays(who: 'admin' | 'superadmin', width: Width): Overlay[] {
  const drawer: Overlay = {
    name: 'the menu drawer',
    path: '/app-panel/dashboard',
    open: async () => {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      return dialog();
    },
  };
  const phone = width.name === 'phone' ? [drawer] : [];
  if (who === 'superadmin') return phone;
  return [
    ...phone,
    {
      name: 'a delete confirmation',
      path: '/app-panel/coins',
      open: async () => {
        await page.getByRole('button', { name: 'Delete BTC' }).click();
        return dialog();
      },
    },
    {
      name: 'the user detail',
      path: '/app-panel/users',
      open: async () => {
        const row = page.getByTestId('user-row').filter({ hasText: lived.longNameUser.username });
        await row.getByRole('button', { name: /Edit/ }).click();
        return page.getByTestId('user-detail');
      },
    },
  ];
}

describe('accessibility (axe-core, WCAG 2.2 A and AA) on a lived-in platform in Chromium', () => {
  for (const width of WIDTHS) {
    it(`signed out, every public page at ${width.width} px`, { timeout: 240_000 }, async () => {
      await signOut();
      await sweep('signed out', width, headerOverlays('signed out', width));
    });
  }

  for (const width of WIDTHS) {
    it(`signed in, every user page at ${width.width} px`, { timeout: 240_000 }, async () => {
      await signInAs('user');
      await sweep('user', width, headerOverlays('user', width));
    });
  }

  it('the lived-in counts show with two digits: the bell, and the panel’s pending badges', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs('user');
    await open('/home');
    await expect.poll(() => page.getByTestId('bell-count').textContent()).toMatch(/^\d{2,}$/);
    await signInAs('admin');
    await open('/app-panel/dashboard');
    for (const badge of ['topups', 'withdrawals']) {
      await expect.poll(() => page.getByTestId(`badge-${badge}`).textContent()).toMatch(/^\d{2,}$/);
    }
    expect(Number(await page.getByTestId('badge-topups').textContent())).toBe(lived.pendingTopups);
    expect(Number(await page.getByTestId('badge-withdrawals').textContent())).toBe(lived.pendingWithdrawals);
  });

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
    it(`admin, every panel page at ${width.width} px`, { timeout: 240_000 }, async () => {
      await signInAs('admin');
      await sweep('admin', width, panelOverlays('admin', width));
    });
  }

  for (const width of WIDTHS) {
    it(`superadmin, the superadmin pages at ${width.width} px`, { timeout: 240_000 }, async () => {
      await signInAs('superadmin');
      await sweep('superadmin', width, panelOverlays('superadmin', width));
    });
  }
});
