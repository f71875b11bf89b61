import '../../../i18n/index.ts';
import { MSG, type Trade, type TradeList } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountMode } from '../../../lib/account-mode.ts';
import { NARROW_QUERY } from '../../../lib/media.ts';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { settled, trade } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { OrdersPage } from './OrdersPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

function renderOrders(path = '/orders') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/orders/:id?" element={<OrdersPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const page = (items: Trade[], total = items.length, p = 1): TradeList => ({
  items,
  total,
  page: p,
  limit: 10,
});

/** GET /api/trades from two lists; records each query. */
function ordersApi(running: Trade[], closed: Trade[], extra: Record<string, () => unknown> = {}) {
  const queries: URLSearchParams[] = [];
  const spy = mockApi({
    'GET /api/trades': ({ url }) => {
      queries.push(url.searchParams);
      return url.searchParams.get('status') === 'running' ? page(running) : page(closed);
    },
    'GET /api/binance/usdt-inr': () => ({ inr: 80, source: 'test', updatedAt: 1 }),
    ...extra,
  });
  return { queries, spy };
}

const rowsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? ''));

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ token: 'tok', user: user(), status: 'ready' });
  useAccountMode.setState({ mode: 'practice' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('orders page', () => {
  it('shows guests the welcome panel with Login and Register', () => {
    useSession.setState({ token: null, user: null });
    renderOrders();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });

  it('says Data not found for empty tables, with the spec columns, for the selected account', async () => {
    const { queries } = ordersApi([], []);
    renderOrders();
    await waitFor(() => expect(screen.getAllByText('Data not found')).toHaveLength(2));
    const headers = (id: string) =>
      within(screen.getByTestId(id))
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    expect(headers('running-orders')).toEqual([
      'S.N.',
      'Crypto Currency',
      'Amount',
      'Direction',
      'Result',
      'Status',
      'Date',
    ]);
    expect(headers('closed-orders').slice(0, 8)).toEqual([
      'S.N.',
      'Crypto Currency',
      'Amount',
      'Direction',
      'Result',
      'Status',
      'Date',
      'Profit/Loss',
    ]);
    expect(queries.map((q) => q.get('account'))).toEqual(['practice', 'practice']);
    expect(queries.map((q) => q.get('status')).sort()).toEqual(['completed', 'running']);
  });

  it('says Failed to load your orders. when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/trades': () => json({ message: 'boom' }, 500) });
    renderOrders();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.ordersLoadFailed);
  });

  it('shows profit by the spec rules and counts a running order down', async () => {
    const running = trade({ expiresAt: new Date(Date.now() + 12_000).toISOString(), amount: 250 });
    const win = settled(trade({ amount: 100 }), { profit: 20, payout: 120 });
    const loss = settled(trade({ amount: 50, direction: 'down' }), {
      status: 'lost',
      result: 'Loss',
      profit: null,
      payout: null,
    });
    const voided = settled(trade({ amount: 70 }), {
      status: 'void',
      result: null,
      profit: 0,
      payout: 70,
      exit: null,
      reason: 'No fresh price at expiry',
    });
    ordersApi([running], [win, loss, voided]);
    renderOrders();
    await waitFor(() => expect(rowsOf('closed-orders')).toHaveLength(3));
    const closed = rowsOf('closed-orders');
    expect(closed.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[7]])).toEqual([
      ['1', 'BTC/INR', '₹100.00', 'Up', 'Win', 'Completed', '+₹20.00'],
      ['2', 'BTC/INR', '₹50.00', 'Down', 'Loss', 'Completed', '-₹50.00'],
      ['3', 'BTC/INR', '₹70.00', 'Up', 'Void', 'Completed', '₹0.00'],
    ]);
    const [row] = rowsOf('running-orders');
    expect(row?.slice(0, 5)).toEqual(['1', 'BTC/INR', '₹250.00', 'Up', '—']);
    const remaining = screen.getByTestId('order-remaining');
    const first = Number(remaining.getAttribute('data-seconds'));
    expect(first).toBeGreaterThanOrEqual(11);
    expect(first).toBeLessThanOrEqual(12);
    await waitFor(() => expect(Number(remaining.getAttribute('data-seconds'))).toBeLessThan(first), {
      timeout: 2_500,
    });
  });

  it('adds a placed trade to Running and moves a settled one to Closed, live', async () => {
    ordersApi([], []);
    renderOrders();
    await waitFor(() => expect(screen.getAllByText('Data not found')).toHaveLength(2));
    const t = trade({ expiresAt: new Date(Date.now() + 20_000).toISOString() });
    act(() => server().serverEmit('trade:placed', { trade: t }));
    expect(rowsOf('running-orders')).toHaveLength(1);
    // A real-account trade does not appear among practice orders.
    act(() => server().serverEmit('trade:placed', { trade: trade({ account: 'real' }) }));
    expect(rowsOf('running-orders')).toHaveLength(1);

    act(() =>
      server().serverEmit('trade:settled', {
        trade: settled(t, { status: 'lost', result: 'Loss', profit: -100, payout: null }),
        balances: { real: 500, practice: 99_900 },
      }),
    );
    expect(screen.getAllByText('Data not found')).toHaveLength(1);
    const closed = rowsOf('closed-orders');
    expect(closed).toHaveLength(1);
    expect(closed[0]?.[4]).toBe('Loss');
    expect(closed[0]?.[7]).toBe('-₹100.00');
  });

  it('opens the receipt of a closed order with prices, exchange times, agg-trade ids and source', async () => {
    const placed = trade({ payoutPercent: 20 });
    const done = settled({ ...placed, entry: { ...placed.entry, source: 'binance' } });
    const { queries } = ordersApi([], [done], { [`GET /api/trades/${done.id}`]: () => ({ trade: done }) });
    renderOrders();
    // The "Data not found" row also counts as one row: wait for the order's own link.
    fireEvent.click(await screen.findByTestId('receipt-link'));
    // The row on screen shows at once; the list under it is not loaded again.
    const receipt = await screen.findByTestId('receipt');
    expect(queries).toHaveLength(2);
    expect(within(receipt).getByTestId('receipt-entry-price').textContent).toContain('65,000.12 USDT');
    // INR at the display rate (80 here), for reading only.
    await waitFor(() =>
      expect(within(receipt).getByTestId('receipt-entry-price').textContent).toContain('≈ ₹52,00,009.60'),
    );
    expect(within(receipt).getByTestId('receipt-exit-price').textContent).toContain('65,010.12 USDT');
    expect(within(receipt).getByTestId('receipt-entry-agg').textContent).toBe('9001');
    expect(within(receipt).getByTestId('receipt-exit-agg').textContent).toBe('9050');
    expect(within(receipt).getByTestId('receipt-entry-source').textContent).toBe('binance');
    expect(within(receipt).getByTestId('receipt-entry-time').getAttribute('title')).toBe(
      done.entry.exchangeTs,
    );
    expect(within(receipt).getByTestId('payout-percent').textContent).toBe('20%');
    expect(within(receipt).getByTestId('outcome').textContent).toBe('Win');
  });

  it('shows the reason of a cancelled order on its receipt (deep link)', async () => {
    const cancelled = settled(trade(), {
      status: 'cancelled',
      result: null,
      exit: null,
      profit: 0,
      payout: 100,
      reason: 'Cancelled by support: duplicate order',
    });
    ordersApi([], [], { [`GET /api/trades/${cancelled.id}`]: () => ({ trade: cancelled }) });
    renderOrders(`/orders/${cancelled.id}`);
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByTestId('reason').textContent).toBe('Cancelled by support: duplicate order');
    expect(within(receipt).getByTestId('outcome').textContent).toBe('Cancelled');
    expect(within(receipt).getByTestId('receipt-exit').textContent).toContain('Not settled yet.');
  });
});

describe('orders page on a phone', () => {
  /** A window below the account breakpoint, as `matchMedia` reports it. */
  function narrowScreen() {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === NARROW_QUERY,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const cardsOf = (testId: string) => within(screen.getByTestId(testId)).queryAllByTestId('order-card');

  it('lays out each order as a card (coin, direction, stake, result, time) instead of a table', async () => {
    narrowScreen();
    const running = trade({ expiresAt: new Date(Date.now() + 12_000).toISOString(), amount: 250 });
    const loss = settled(trade({ amount: 50, direction: 'down' }), {
      status: 'lost',
      result: 'Loss',
      profit: null,
      payout: null,
    });
    ordersApi([running], [loss]);
    renderOrders();
    await waitFor(() => expect(cardsOf('closed-orders')).toHaveLength(1));
    expect(screen.queryAllByRole('table')).toHaveLength(0);

    const [closedCard] = cardsOf('closed-orders');
    const facts = (card: HTMLElement | undefined) =>
      Object.fromEntries(
        [...(card?.querySelectorAll('dl > div') ?? [])].map((d) => [
          d.querySelector('dt')?.textContent,
          d.querySelector('dd')?.textContent,
        ]),
      );
    expect(within(closedCard as HTMLElement).getByRole('link').textContent).toBe('BTC/INR, Receipt');
    expect(within(closedCard as HTMLElement).getByText('Down').className).toBe('down');
    expect(facts(closedCard)).toEqual({
      Amount: '₹50.00',
      Result: 'Loss -₹50.00',
      Date: expect.stringMatching(/\d/),
    });

    const [runningCard] = cardsOf('running-orders');
    expect(facts(runningCard)).toMatchObject({
      Amount: '₹250.00',
      Result: expect.stringMatching(/^Running 0:1\d$/),
    });
    expect(within(runningCard as HTMLElement).getByText('Up').className).toBe('up');
  });

  it('opens the receipt from a card, running or closed', async () => {
    narrowScreen();
    const running = trade({ expiresAt: new Date(Date.now() + 12_000).toISOString() });
    ordersApi([running], [], { [`GET /api/trades/${running.id}`]: () => ({ trade: running }) });
    renderOrders();
    await waitFor(() => expect(cardsOf('running-orders')).toHaveLength(1));
    const link = within(screen.getByTestId('running-orders')).getByRole('link', { name: 'BTC/INR, Receipt' });
    expect(link.getAttribute('href')).toBe(`/orders/${running.id}`);
    fireEvent.click(link);
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByTestId('outcome').textContent).toBe('Running');
  });

  it('says Data not found for an empty list, and follows live trades', async () => {
    narrowScreen();
    ordersApi([], []);
    renderOrders();
    await waitFor(() => expect(screen.getAllByText('Data not found')).toHaveLength(2));
    act(() =>
      server().serverEmit('trade:placed', {
        trade: trade({ expiresAt: new Date(Date.now() + 20_000).toISOString() }),
      }),
    );
    expect(cardsOf('running-orders')).toHaveLength(1);
    expect(screen.getAllByText('Data not found')).toHaveLength(1);
  });
});
