import '../../../i18n/admin-texts.ts';
import { MSG, type TradeLogEntry } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { type Handler, json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { settled, trade } from '../../../test/fixtures.ts';
import { expectToast, render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { parseDateRange } from '../lib/date-range.ts';
import { TradeLogPage } from './TradeLogPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);

const entry = (t: ReturnType<typeof trade>, username = 'asha'): TradeLogEntry => ({
  ...t,
  userId: 'u1',
  username,
});
const running = entry(trade({ account: 'real', symbol: 'ETH', pair: 'ETH/INR', direction: 'down' }), 'ravi');
const placed = trade({ account: 'real' });
const won = entry(
  settled(
    { ...placed, entry: { ...placed.entry, source: 'binance' } },
    {
      status: 'won',
      result: 'Win',
      exit: {
        price: 65100,
        priceE8: '6510000000000',
        aggTradeId: 9055,
        exchangeTs: '2025-01-01T00:00:21.000Z',
        source: 'binance',
      },
    },
  ),
);

function logApi(list: (q: URLSearchParams) => TradeLogEntry[], extra: Record<string, Handler> = {}) {
  const queries: URLSearchParams[] = [];
  const spy = mockApi({
    'GET /api/trade-log': ({ url }) => {
      queries.push(url.searchParams);
      const items = list(url.searchParams);
      return { items, total: items.length, page: Number(url.searchParams.get('page') ?? 1), limit: 10 };
    },
    'GET /api/binance/usdt-inr': () => ({ inr: 83, source: 'test', updatedAt: 1 }),
    ...extra,
  });
  return { queries, spy };
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

const renderPage = (path = '/app-panel/trade-log') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/app-panel/trade-log"
          element={
            <>
              <TradeLogPage />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
const bodyRows = () => screen.getAllByRole('row').slice(1);

beforeAll(() => {
  realtime.start(null);
  serverOf(h).accept();
});

beforeEach(() => {
  localStorage.clear();
  storage.set(STORAGE_KEYS.token, 'admin-token');
  useSession.setState({
    token: 'admin-token',
    user: user({ role: 'admin', isAdmin: true }),
    status: 'ready',
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('trade log', () => {
  it('titles the page by its filter and asks for that filter, real trades, 10 a page', async () => {
    const { queries } = logApi(() => [won]);
    renderPage('/app-panel/trade-log?filter=win');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Winning Trades');
    await screen.findByText('asha');
    expect(queries[0]?.get('filter')).toBe('win');
    expect(queries[0]?.get('account')).toBe('real');
    expect(queries[0]?.get('limit')).toBe('10');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'User',
      'Crypto',
      'Amount',
      'In time',
      'High/Low',
      'Result',
      'Status',
      'Date',
      'Action',
    ]);

    for (const [label, title, filter] of [
      ['Losing', 'Losing Trades', 'loss'],
      ['Draw', 'Draw Trades', 'draw'],
      ['All', 'All Trades', 'all'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: label }));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      await waitFor(() => expect(queries.at(-1)?.get('filter')).toBe(filter));
    }
    expect(screen.getByTestId('location').textContent).toBe('/app-panel/trade-log');
  });

  it('keeps practice trades apart from real ones', async () => {
    const { queries } = logApi((q) => (q.get('account') === 'practice' ? [entry(trade(), 'pat')] : [won]));
    renderPage();
    await screen.findByText('asha');
    fireEvent.click(screen.getByRole('button', { name: 'Practice' }));
    await screen.findByText('pat');
    expect(screen.queryByText('asha')).toBeNull();
    expect(queries.at(-1)?.get('account')).toBe('practice');
    expect(screen.getByTestId('location').textContent).toBe('/app-panel/trade-log?account=practice');
  });

  it('searches by username or crypto and filters by a YYYY-MM-DD - YYYY-MM-DD range', async () => {
    const { queries } = logApi(() => [won]);
    renderPage();
    await screen.findByText('asha');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'btc' } });
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('btc'));

    fireEvent.change(screen.getByLabelText('Dates'), { target: { value: '2025-03-01 to 2025-03-31' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter the dates as YYYY-MM-DD - YYYY-MM-DD.',
    );
    fireEvent.change(screen.getByLabelText('Dates'), { target: { value: '2025-02-30 - 2025-03-01' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MSG.dateInvalid));
    expect(queries.some((q) => q.has('from'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Dates'), { target: { value: '2025-03-01 - 2025-03-31' } });
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2025-03-01'));
    expect(queries.at(-1)?.get('to')).toBe('2025-03-31');
    expect(queries.at(-1)?.get('q')).toBe('btc');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens a row’s receipt with entry and exit prices and their Binance trade ids; no result is editable', async () => {
    logApi(() => [won]);
    renderPage();
    await screen.findByText('asha');
    const row = bodyRows()[0]!;
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Receipt of asha’s BTC/INR trade' }));
    const receipt = screen.getByRole('dialog', { name: 'Order receipt' });
    expect(within(receipt).getByTestId('receipt-entry-agg').textContent).toBe('9001');
    expect(within(receipt).getByTestId('receipt-exit-agg').textContent).toBe('9055');
    expect(within(receipt).queryByRole('textbox')).toBeNull();
    expect(within(receipt).queryByRole('combobox')).toBeNull();
  });

  it('cancels a running trade only with a reason, and reads the log again', async () => {
    const bodies: unknown[] = [];
    let items = [running];
    const { queries } = logApi(() => items, {
      [`POST /api/admin/trades/${running.id}/cancel`]: ({ body }) => {
        bodies.push(body);
        const cancelled = {
          ...running,
          status: 'cancelled' as const,
          reason: 'Duplicate order',
          payout: 100,
          profit: 0,
        };
        items = [cancelled];
        return { trade: cancelled, balances: { real: 100, practice: 0 } };
      },
    });
    renderPage();
    await screen.findByText('ravi');
    const row = bodyRows()[0]!;
    expect(within(row).getAllByRole('cell')[4]?.textContent).toBe('Buy Down');
    expect(within(row).getAllByRole('cell')[6]?.textContent).toBe('Running');
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel ravi’s ETH/INR trade' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel running trade' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel trade' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.reasonRequired);
    expect(bodies).toEqual([]);

    const before = queries.length;
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Duplicate order ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel trade' }));
    await expectToast('Trade cancelled and the stake refunded.');
    expect(bodies).toEqual([{ reason: 'Duplicate order' }]);
    expect(queries.length).toBeGreaterThan(before);
    await waitFor(() =>
      expect(within(bodyRows()[0]!).getAllByRole('cell')[6]?.textContent).toBe('Completed'),
    );
    expect(screen.queryByRole('button', { name: /^Cancel ravi/ })).toBeNull();
  });

  it('says No trades found. when the log cannot load (failures are logged only)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /api/trade-log': () => json({ message: 'boom' }, 500) });
    renderPage();
    await screen.findByText('No trades found.');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('parseDateRange', () => {
  it('reads two real days in order by the shared day rule; empty is no range', () => {
    expect(parseDateRange('')).toBeNull();
    expect(parseDateRange(' 2025-01-01 - 2025-01-31 ')).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(parseDateRange('2025-01-01-2025-01-01')).toEqual({ from: '2025-01-01', to: '2025-01-01' });
    expect(parseDateRange('2025-01-31 - 2025-01-01')).toEqual({ invalid: MSG.dateRangeInvalid });
    expect(parseDateRange('2025-13-01 - 2025-12-01')).toEqual({ invalid: MSG.dateInvalid });
    expect(parseDateRange('2019-12-31 - 2020-01-02')).toEqual({ invalid: MSG.dateInvalid });
    for (const bad of ['2025-01-01', 'last week', '2025/01/01 - 2025/01/02']) {
      expect(parseDateRange(bad)).toEqual({ invalid: 'format' });
    }
  });
});
