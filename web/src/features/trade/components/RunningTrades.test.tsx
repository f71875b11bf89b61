import '../../../i18n/index.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountMode } from '../../../lib/account-mode.ts';
import { LivePriceContext, type LivePriceSource, useRunningTrades } from '../../../lib/running-trades.ts';
import { useSession } from '../../../lib/session/index.ts';
import { connectionStore, realtime } from '../../../lib/socket.ts';
import { mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { SETTINGS, settled, trade } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { useTradeFlow } from '../stores/use-trade-flow.ts';
import { QuickTradeCard } from './QuickTradeCard.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

/** Latest prices as the trade page lends them: BTC above the fixtures' entry, ETH too. */
function priceSource(
  prices: Record<string, string>,
): LivePriceSource & { set: (s: string, e8: string) => void } {
  const listeners = new Set<() => void>();
  return {
    get: (symbol) => prices[symbol] ?? null,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set: (symbol, e8) => {
      prices[symbol] = e8;
      for (const l of listeners) l();
    },
  };
}

function renderOnTradePage(source: LivePriceSource | null) {
  const card = <QuickTradeCard symbol="BTC" price={<span>₹54,00,000.00</span>} />;
  const page: ReactNode = source ? (
    <LivePriceContext.Provider value={source}>{card}</LivePriceContext.Provider>
  ) : (
    card
  );
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

const now = Date.now();
const btcUp = trade({ symbol: 'BTC', pair: 'BTC/INR', direction: 'up', amount: 100, payoutPercent: 20 });
const ethDown = trade({
  symbol: 'ETH',
  pair: 'ETH/INR',
  direction: 'down',
  amount: 50,
  payoutPercent: 40,
  entry: { ...btcUp.entry, price: 3000, priceE8: '300000000000' },
});

function runningApi(items: ReturnType<typeof trade>[], seen: URLSearchParams[] = []) {
  return mockApi({
    'GET /api/trade-setting': () => ({ data: SETTINGS }),
    'GET /api/trades': ({ url }) => {
      seen.push(url.searchParams);
      return { items, total: items.length, page: 1, limit: 100 };
    },
  });
}

const upButton = () => screen.getByRole('button', { name: 'Trade Up' }) as HTMLButtonElement;

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  localStorage.clear();
  useSession.setState({
    token: 'tok',
    user: user({ balance: 500, practiceBalance: 100_000 }),
    status: 'ready',
  });
  // After the session: a signed-in user starts in their own mode.
  useAccountMode.setState({ mode: 'practice' });
  connectionStore.getState().setFeed({ source: 'simulated', state: 'live', simulated: true, since: 1 });
  for (const t of [btcUp, ethDown]) {
    t.createdAt = new Date(now).toISOString();
    t.expiresAt = new Date(now + 15_000).toISOString();
  }
});

afterEach(() => {
  cleanup();
  useTradeFlow.getState().abandon();
  vi.restoreAllMocks();
});

describe('Running panel', () => {
  it("lists the server's running trades of the selected account, every coin, with time left and standing", async () => {
    const seen: URLSearchParams[] = [];
    runningApi([btcUp, ethDown], seen);
    // BTC one e8 above its entry (the Up trade wins), ETH above its entry (the Down trade loses).
    renderOnTradePage(priceSource({ BTC: '6500012000001', ETH: '300100000000' }));
    const rows = await screen.findAllByTestId('running-trade');
    expect(seen[0]?.get('status')).toBe('running');
    expect(seen[0]?.get('account')).toBe('practice');
    expect(rows.map((r) => r.getAttribute('data-symbol'))).toEqual(['BTC', 'ETH']);
    const [btc, eth] = rows as [HTMLElement, HTMLElement];
    expect(within(btc).getByText('BTC/INR')).toBeTruthy();
    expect(within(btc).getByTestId('running-direction').textContent).toBe('Up');
    expect(within(btc).getByText('₹100.00')).toBeTruthy();
    expect(within(btc).getByTestId('running-entry').textContent).toMatch(/^₹[\d,]+\.\d\d$/);
    expect(within(btc).getByTestId('standing').textContent).toBe('Winning by ₹20.00');
    expect(within(eth).getByTestId('standing').textContent).toBe('Losing by ₹50.00');
    const left = Number(within(btc).getByTestId('running-time-left').getAttribute('data-seconds'));
    expect(left).toBeGreaterThanOrEqual(13);
    expect(left).toBeLessThanOrEqual(15);
    // The chart reads the same list.
    expect(useRunningTrades.getState().trades.map((t) => t.id)).toEqual([btcUp.id, ethDown.id]);
  });

  it('follows the latest price as it moves', async () => {
    runningApi([btcUp]);
    const source = priceSource({ BTC: '6500012000001' });
    renderOnTradePage(source);
    const standing = await screen.findByTestId('standing');
    expect(standing.textContent).toBe('Winning by ₹20.00');
    act(() => source.set('BTC', '6500011000000'));
    expect(screen.getByTestId('standing').textContent).toBe('Losing by ₹100.00');
    act(() => source.set('BTC', btcUp.entry.priceE8));
    expect(screen.getByTestId('standing').textContent).toBe('Level with the entry');
  });

  it('keeps Trade Up and Trade Down waiting while a listed trade runs (after a reload too), until it settles', async () => {
    runningApi([btcUp]);
    renderOnTradePage(priceSource({}));
    await screen.findByTestId('running-trade');
    fireEvent.change(screen.getByLabelText('Amount (INR)'), { target: { value: '100' } });
    expect(upButton().disabled).toBe(true);
    expect(screen.getByTestId('trade-waiting').textContent).toContain('A trade is running');

    act(() => {
      server().serverEmit('trade:settled', {
        trade: settled(btcUp),
        balances: { real: 500, practice: 100_020 },
      });
    });
    await waitFor(() => expect(screen.queryByTestId('running-trade')).toBeNull());
    expect(screen.getByTestId('running-trades').textContent).toContain('No running trades in this account.');
    fireEvent.change(screen.getByLabelText('Amount (INR)'), { target: { value: '100' } });
    expect(upButton().disabled).toBe(false);
    expect(screen.queryByTestId('trade-waiting')).toBeNull();
  });

  it('shows a trade placed in another tab as soon as its event arrives', async () => {
    runningApi([]);
    renderOnTradePage(priceSource({ BTC: '6500011000000' }));
    await screen.findByText('No running trades in this account.');
    act(() => server().serverEmit('trade:placed', { trade: btcUp }));
    const row = await screen.findByTestId('running-trade');
    expect(within(row).getByTestId('standing').textContent).toBe('Losing by ₹100.00');
  });

  it('stays off pages that lend no live prices', async () => {
    runningApi([btcUp]);
    renderOnTradePage(null);
    await waitFor(() => expect(useRunningTrades.getState().trades).toHaveLength(1));
    expect(screen.queryByTestId('running-trades')).toBeNull();
  });
});

describe('ticket from the keyboard', () => {
  it('names Trade Up and Trade Down by their visible labels, right after the amount in the tab order', async () => {
    runningApi([]);
    renderOnTradePage(priceSource({}));
    await screen.findAllByTestId('duration');
    for (const name of ['Trade Up', 'Trade Down']) {
      const button = screen.getByRole('button', { name });
      expect(button.textContent).toBe(name);
      expect(button.getAttribute('aria-label')).toBeNull();
    }
    const focusable = [
      ...screen.getByTestId('quick-trade').querySelectorAll<HTMLElement>('input, button, a[href]'),
    ];
    const amount = focusable.indexOf(screen.getByLabelText('Amount (INR)'));
    expect(focusable[amount + 1]?.textContent).toBe('Trade Up');
    expect(focusable[amount + 2]?.textContent).toBe('Trade Down');
  });
});
