import '../../../i18n/index.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCount } from '../../../lib/debug.ts';
import { realtime } from '../../../lib/socket.ts';
import { mockMarketApi } from '../../../test/api-mock.ts';
import type { ChartRecorder } from '../../../test/chart-mock.ts';
import { tick } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { resetMarketStore } from '../stores/market-store.ts';
import { MarketPage } from './MarketPage.tsx';
import type { QuickTradeRenderer } from './QuickTradeSlot.tsx';

const h = vi.hoisted(() => ({
  socket: null as import('../../../test/fake-socket.ts').FakeSocket | null,
  charts: { series: [], removed: 0 } as ChartRecorder,
}));
vi.mock('lightweight-charts', async () =>
  (await import('../../../test/chart-mock.ts')).chartModuleMock(h.charts),
);
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

function renderMarket(path: string, quickTrade?: QuickTradeRenderer) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/market" element={<MarketPage quickTrade={quickTrade} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => {
  realtime.start(null);
  server().accept();
});
beforeEach(() => {
  resetMarketStore();
  h.charts.series = [];
  server().sent = [];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('market page', () => {
  it('upper-cases the id and shows the coin name, SYMBOL/USD and the 1D chart', async () => {
    const fetchMock = mockMarketApi({ closes: [3000, 3100, 3300] });
    renderMarket('/market?id=eth');
    expect(await screen.findByRole('heading', { name: 'Ethereum' })).toBeTruthy();
    expect(screen.getByText('ETH/USD')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url) === '/api/candles?symbol=ETH&interval=1h&limit=24'),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: '1D' }).getAttribute('aria-pressed')).toBe('true');
    // Price abbreviated with K, change from the first point of the timeframe (3000 → 3300).
    await waitFor(() => expect(screen.getByTestId('live-price').textContent).toBe('$3.00K'));
    await waitFor(() => expect(screen.getByTestId('change-since-first').textContent).toBe('+10.00%'));
    await waitFor(() => expect(server().emitted('subscribe').at(-1)?.[0]).toEqual({ symbol: 'ETH' }));
  });

  it('follows the live price: change, price and last-updated time move without rendering the page', async () => {
    mockMarketApi({ closes: [200, 190] });
    renderMarket('/market?id=ETH');
    // The chart is loaded lazily: it must be there to follow the ticks.
    await screen.findByTestId('price-chart', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('change-since-first').textContent).toBe('-5.00%'));
    expect(screen.getByTestId('change-since-first').className).toBe('down');
    expect(screen.getByTestId('last-updated').textContent).toBe('Waiting for the first price…');
    const renders = renderCount('MarketPage');

    server().serverEmit('market:tick', tick('ETH', 200));
    await waitFor(() => expect(screen.getByTestId('change-since-first').textContent).toBe('+0.00%'));
    expect(screen.getByTestId('change-since-first').className).toBe('up');
    server().serverEmit('market:tick', tick('ETH', 2500));
    await waitFor(() => expect(screen.getByTestId('live-price').textContent).toBe('$2.50K'));
    expect(screen.getByTestId('last-updated').textContent).toMatch(/^Last updated /);
    expect(renderCount('MarketPage')).toBe(renders);
    const area = h.charts.series.find((s) => s.type === 'Area');
    expect(area?.updates.at(-1)).toMatchObject({ value: 2500 });
  });

  it('defaults to BTC and switches timeframe', async () => {
    const fetchMock = mockMarketApi();
    renderMarket('/market');
    expect(await screen.findByRole('heading', { name: 'Bitcoin' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '1W' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url) === '/api/candles?symbol=BTC&interval=4h&limit=42'),
      ).toBe(true),
    );
  });

  it('says so for an unknown coin and links to the default coin', async () => {
    mockMarketApi();
    renderMarket('/market?id=zzz');
    expect((await screen.findByRole('alert')).textContent).toBe('We do not list a coin with the symbol ZZZ.');
    expect(screen.getByRole('link', { name: 'Go to the BTC market' }).getAttribute('href')).toBe(
      '/market?id=BTC',
    );
  });

  it('leaves a marked slot for the Quick Trade card and links to the trade page', async () => {
    mockMarketApi();
    const { container } = renderMarket('/market?id=SOL');
    await screen.findByRole('heading', { name: 'Solana' });
    expect(container.querySelector('[data-slot="quick-trade"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Trade SOL/INR' }).getAttribute('href')).toBe('/trade/SOL-INR');
  });

  it('draws the Quick Trade card it is given, with the coin and its live INR price', async () => {
    mockMarketApi();
    renderMarket('/market?id=SOL', (symbol, price) => (
      <section data-testid="card-stand-in" data-symbol={symbol}>
        {price}
      </section>
    ));
    const card = await screen.findByTestId('card-stand-in');
    expect(card.getAttribute('data-symbol')).toBe('SOL');
    // SOL at 150 USDT, 80 INR per USDT.
    await waitFor(() => expect(within(card).getByTestId('trade-card-price').textContent).toBe('₹12,000.00'));
  });
});
