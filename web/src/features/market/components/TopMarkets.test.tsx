import '../../../i18n/index.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../lib/socket.ts';
import { mockMarketApi } from '../../../test/api-mock.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { resetMarketStore } from '../stores/market-store.ts';
import { TopMarkets } from './TopMarkets.tsx';

const h = vi.hoisted(() => ({ socket: null as import('../../../test/fake-socket.ts').FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

const renderTable = () =>
  render(
    <MemoryRouter>
      <TopMarkets />
    </MemoryRouter>,
  );

beforeAll(() => {
  realtime.start(null);
  server().accept();
});
beforeEach(() => {
  resetMarketStore();
  server().sent = [];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('home market table', () => {
  it('shows the first 10 coins with price, 24h change, volume and a Trade link', async () => {
    mockMarketApi();
    renderTable();
    expect(screen.getByText('Loading market...')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('market-row')).toHaveLength(10));
    const btc = screen.getAllByTestId('market-row')[0];
    if (!btc) throw new Error('no row');
    expect(within(btc).getByText('Bitcoin')).toBeTruthy();
    expect(within(btc).getByTestId('market-price').textContent).toBe('₹52,00,000.00');
    expect(within(btc).getByText('+1.25%')).toBeTruthy();
    expect(within(btc).getByText('₹400.00M')).toBeTruthy();
    expect(within(btc).getByRole('link', { name: 'Trade BTC/INR' }).getAttribute('href')).toBe(
      '/trade/BTC-INR',
    );
  });

  it('updates a price from the ticker room without a reload', async () => {
    mockMarketApi();
    renderTable();
    await waitFor(() => expect(server().emitted('ticker:subscribe')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('market-row')).toHaveLength(10));
    server().serverEmit('ticker', {
      ts: Date.now(),
      coins: [
        { symbol: 'ETH', price: 3100, priceChangePercent: -0.5, volume: 1_000_000, source: 'simulated' },
      ],
    });
    const eth = screen.getAllByTestId('market-row')[1];
    if (!eth) throw new Error('no row');
    await waitFor(() => expect(within(eth).getByTestId('market-price').textContent).toBe('₹2,48,000.00'));
    expect(within(eth).getByText('-0.50%')).toBeTruthy();
  });

  it('keeps "Loading market..." and only logs when the market cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockMarketApi({ marketFails: true });
    renderTable();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByText('Loading market...')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
