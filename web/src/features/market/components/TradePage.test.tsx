import '../../../i18n/index.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCount } from '../../../lib/debug.ts';
import { useRunningTrades } from '../../../lib/running-trades.ts';
import { realtime } from '../../../lib/socket.ts';
import { mockMarketApi, RATE } from '../../../test/api-mock.ts';
import type { ChartRecorder, FakeSeries } from '../../../test/chart-mock.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { book, stats, tick, trade } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { resetMarketStore, useMarketStore } from '../stores/market-store.ts';
import { OrderBook } from './OrderBook.tsx';
import { TRADE_VIEW, TradePage } from './TradePage.tsx';

const h = vi.hoisted(() => ({
  socket: null as FakeSocket | null,
  charts: { series: [], removed: 0 } as ChartRecorder,
}));

vi.mock('lightweight-charts', async () =>
  (await import('../../../test/chart-mock.ts')).chartModuleMock(h.charts),
);

// The app's socket module, with the test playing the server.
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);

const server = () => serverOf(h);

function renderTrade(path = '/trade/BTC-INR', quickTrade?: Parameters<typeof TradePage>[0]['quickTrade']) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/trade/:pair" element={<TradePage quickTrade={quickTrade} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const candleSeries = (): FakeSeries => {
  const s = h.charts.series.find((x) => x.type === 'Candlestick');
  if (!s) throw new Error('no candlestick series');
  return s;
};

/** Answers the page's subscribe with the market as it is now. */
function answerSubscribe(n: number, price: number) {
  server().ack('subscribe', n, {
    ok: true,
    data: {
      room: 'market:BTC',
      tick: tick('BTC', price),
      book: book('BTC', Date.now() + n),
      stats: stats('BTC', 1),
    },
  });
}

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  resetMarketStore();
  h.charts.series = [];
  server().sent = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  cleanup();
  useRunningTrades.getState().setTrades([]);
  vi.restoreAllMocks();
});

describe('trade page', () => {
  it('shows the pair, the order book and a live price, and a tick never re-renders the page', async () => {
    const fetchMock = mockMarketApi({ closes: [100, 101, 102] });
    renderTrade();

    await waitFor(() => expect(server().emitted('subscribe')).toHaveLength(1));
    answerSubscribe(0, 102);
    expect(await screen.findAllByTestId('book-ask')).toHaveLength(15);
    expect(screen.getAllByTestId('book-bid')).toHaveLength(15);
    // History drawn in INR.
    await waitFor(() => expect(candleSeries().data).toHaveLength(3));
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/candles?symbol=BTC&interval=15m')),
    ).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId('live-price')[0]?.textContent).toBe('₹8,160.00'));
    await waitFor(() => expect(screen.getByText('+2.50%')).toBeTruthy());

    const rendersBefore = renderCount('TradePage');
    expect(rendersBefore).toBeGreaterThan(0);

    const shown = (p: number) => `₹${(p * RATE).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    let price = 102;
    for (let i = 0; i < 25; i++) {
      price += 0.5;
      server().serverEmit('market:tick', tick('BTC', price));
      // Ticks in groups of five, each group on screen before the next arrives.
      if (i % 5 === 4) {
        const expected = shown(price);
        await waitFor(() => expect(screen.getAllByTestId('live-price')[0]?.textContent).toBe(expected));
      }
    }
    await waitFor(() => expect(screen.getAllByTestId('live-price')[0]?.textContent).toBe(shown(price)));

    // The chart took the ticks through the store subscription, the page did not render again.
    const lastBar = candleSeries().updates.at(-1) as { close: number };
    expect(lastBar.close).toBeCloseTo(price * RATE);
    expect(renderCount('TradePage')).toBe(rendersBefore);
  });

  it('is current again after a reconnect: it re-subscribes and shows the snapshot', async () => {
    mockMarketApi();
    renderTrade();
    await waitFor(() => expect(server().emitted('subscribe')).toHaveLength(1));
    answerSubscribe(0, 100);
    await waitFor(() => expect(screen.getAllByTestId('live-price')[0]?.textContent).toBe('₹8,000.00'));

    server().drop();
    server().accept();
    await waitFor(() => expect(server().emitted('subscribe')).toHaveLength(2));
    // While away the price moved to 110; the subscribe ack says so.
    answerSubscribe(1, 110);
    await waitFor(() => expect(screen.getAllByTestId('live-price')[0]?.textContent).toBe('₹8,800.00'));
  });

  it('says so for a coin that is not listed and links to the default pair', async () => {
    mockMarketApi();
    renderTrade('/trade/NOPE-INR');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The pair NOPE/INR is not traded here.');
    const link = screen.getByRole('link', { name: 'Go to BTC/INR' });
    expect(link.getAttribute('href')).toBe('/trade/BTC-INR');
  });

  it('shows a readable error with a retry when the market cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockMarketApi({ marketFails: true });
    renderTrade();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The market could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lists the coins in the market dropdown and filters them by the search', async () => {
    mockMarketApi();
    renderTrade();
    const button = await screen.findByRole('button', { name: /Choose a market: BTC\/INR/ });
    fireEvent.click(button);
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(12));
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'eth' } });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent?.slice(0, 7)),
    ).toEqual(['ETH/INR']);
  });

  it('draws the entry line of each running trade of the coin with direction, time left and standing', async () => {
    mockMarketApi();
    // An Up trade of ₹100 at 20 % entered at 100 USDT, and one on another coin.
    const up = trade({
      symbol: 'BTC',
      direction: 'up',
      entry: { ...trade().entry, price: 100, priceE8: '10000000000' },
      expiresAt: new Date(Date.now() + 15_000).toISOString(),
    });
    const other = trade({ symbol: 'ETH' });
    useRunningTrades.getState().setTrades([up, other]);
    renderTrade();
    await waitFor(() => expect(server().emitted('subscribe').length).toBeGreaterThanOrEqual(1));
    const subscribeN = server()
      .emitted('subscribe')
      .findIndex((args) => JSON.stringify(args).includes('BTC'));
    answerSubscribe(subscribeN, 102);
    // The other coin's price is asked for too (the Running panel shows it).
    await waitFor(() =>
      expect(
        server()
          .emitted('subscribe')
          .some((args) => JSON.stringify(args).includes('ETH')),
      ).toBe(true),
    );

    await waitFor(() => expect(candleSeries().priceLines).toHaveLength(1));
    const line = candleSeries().priceLines[0];
    expect(line?.options.price).toBeCloseTo(100 * RATE);
    expect(line?.options.title).toBe('Up ₹100.00');
    const label = await screen.findByTestId('entry-line');
    expect(label.getAttribute('data-trade-id')).toBe(up.id);
    expect(within(label).getByText('Up ₹100.00')).toBeTruthy();
    await waitFor(() => expect(within(label).getByTestId('standing').textContent).toBe('Winning by ₹20.00'));
    const left = Number(within(label).getByTestId('entry-time-left').getAttribute('data-seconds'));
    expect(left).toBeGreaterThanOrEqual(14);
    expect(left).toBeLessThanOrEqual(15);

    // Settled: the line and its label go.
    act(() => useRunningTrades.getState().setTrades([other]));
    expect(candleSeries().priceLines).toHaveLength(0);
    expect(screen.queryByTestId('entry-line')).toBeNull();
  });

  it("puts the 'Trade' skip link first on the page; it moves focus to the ticket's amount", async () => {
    mockMarketApi();
    renderTrade('/trade/BTC-INR', () => (
      <section>
        <label>
          Amount <input type="number" />
        </label>
        <button type="button">Trade Up</button>
      </section>
    ));
    const link = await screen.findByRole('link', { name: 'Trade' });
    expect(document.body.firstElementChild?.contains(link)).toBe(true);
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    cleanup();
    expect(screen.queryByRole('link', { name: 'Trade' })).toBeNull();
  });

  it('shows the order book to the depth the view sets, in one focusable box with no row a tab stop', async () => {
    mockMarketApi();
    useMarketStore.getState().applyBook(book('BTC', Date.now()));
    const { unmount } = render(<OrderBook symbol="BTC" depth={5} />);
    expect(screen.getAllByTestId('book-ask')).toHaveLength(5);
    expect(screen.getAllByTestId('book-bid')).toHaveLength(5);
    const box = screen.getByRole('region', { name: 'Order book' });
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(box.querySelectorAll('[tabindex], a, button, input')).toHaveLength(0);
    unmount();

    expect(TRADE_VIEW.bookDepth).toBe(15);
    renderTrade();
    expect(await screen.findAllByTestId('book-ask')).toHaveLength(TRADE_VIEW.bookDepth);
  });
});
