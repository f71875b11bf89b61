import '../i18n/index.ts';
import type { Trade } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-router.ts';
import { settled, trade } from '../test/fixtures.ts';
import { render } from '../test/render.tsx';
import { TradeReceipt } from './TradeReceipt.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${hash}`}</p>;
}

function renderReceipt(receipt: Trade) {
  mockApi({ 'GET /api/binance/usdt-inr': () => ({ inr: 85 }) });
  render(
    <MemoryRouter initialEntries={['/orders']}>
      <Routes>
        <Route path="/orders" element={<TradeReceipt trade={receipt} />} />
        <Route path="/rules" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** A real-money trade priced by Binance: entry and exit carry aggregate trade ids. */
function binanceTrade(over: Partial<Trade> = {}): Trade {
  const placed = trade({
    id: '3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f',
    account: 'real',
    createdAt: '2026-11-26T04:45:03.123Z',
    entry: {
      price: 65_000.12,
      priceE8: '6500012000000',
      aggTradeId: 3_120_456_789,
      exchangeTs: '2026-11-26T04:45:03.080Z',
      source: 'binance',
    },
    ...over,
  });
  return settled(placed, {
    exit: {
      price: 65_010.12,
      priceE8: '6501012000000',
      aggTradeId: 3_120_460_001,
      exchangeTs: '2026-11-26T04:45:22.991Z',
      source: 'binance',
    },
  });
}

describe('trade receipt', () => {
  it('carries the trade id, IST times with their offset, and both Binance trade ids with links to Binance', () => {
    renderReceipt(binanceTrade({ marketSymbol: 'BTCUSDT' }));
    expect(screen.getByTestId('receipt-trade-id').textContent).toBe('3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f');
    expect(screen.getByTestId('receipt-placed-at').textContent).toBe(
      '2026-11-26 10:15:03.123 IST (UTC+05:30)',
    );
    expect(screen.getByTestId('receipt-entry-time').textContent).toBe(
      '2026-11-26 10:15:03.080 IST (UTC+05:30)',
    );
    expect(screen.getByTestId('receipt-exit-time').textContent).toBe(
      '2026-11-26 10:15:22.991 IST (UTC+05:30)',
    );
    for (const [side, id] of [
      ['entry', '3120456789'],
      ['exit', '3120460001'],
    ] as const) {
      const proof = screen.getByTestId(`receipt-${side}`);
      expect(within(proof).getByTestId(`receipt-${side}-agg`).textContent).toBe(id);
      const link = within(proof).getByRole('link', { name: 'Look it up on Binance (BTCUSDT)' });
      const url = new URL(link.getAttribute('href')!);
      expect(url.host).toBe('api.binance.com');
      expect(url.pathname).toBe('/api/v3/aggTrades');
      expect(Object.fromEntries(url.searchParams)).toEqual({ symbol: 'BTCUSDT', fromId: id, limit: '1' });
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(within(proof).queryByTestId(`receipt-${side}-simulated`)).toBeNull();
    }
  });

  it('links to the coin’s own exchange pair, and to SYMBOL + USDT when the answer names none', () => {
    renderReceipt(binanceTrade({ symbol: 'MATIC', pair: 'MATIC/INR', marketSymbol: 'POLUSDT' }));
    const link = screen.getByTestId('receipt-entry-agg-link');
    expect(new URL(link.getAttribute('href')!).searchParams.get('symbol')).toBe('POLUSDT');
    cleanup();
    renderReceipt(binanceTrade());
    const fallback = screen.getByTestId('receipt-exit-agg-link');
    expect(new URL(fallback.getAttribute('href')!).searchParams.get('symbol')).toBe('BTCUSDT');
  });

  it('says a simulated price has no exchange trade id, and links nowhere', () => {
    const placed = trade({
      entry: {
        price: 65_000.12,
        priceE8: '6500012000000',
        aggTradeId: null,
        exchangeTs: '2026-11-26T04:45:03.080Z',
        source: 'simulated',
      },
    });
    renderReceipt(settled(placed, { exit: { ...placed.entry, aggTradeId: null, price: 65_010.12 } }));
    for (const side of ['entry', 'exit']) {
      const proof = screen.getByTestId(`receipt-${side}`);
      expect(within(proof).getByTestId(`receipt-${side}-simulated`).textContent).toBe(
        'Simulated price: no exchange trade id',
      );
      expect(within(proof).queryByRole('link')).toBeNull();
      expect(within(proof).queryByTestId(`receipt-${side}-agg`)).toBeNull();
    }
  });

  it('copies the trade id and an aggregate trade id to the clipboard', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderReceipt(binanceTrade({ marketSymbol: 'BTCUSDT' }));
    const copyId = screen.getByRole('button', { name: 'Copy Trade id' });
    fireEvent.click(copyId);
    await waitFor(() => expect(copyId.textContent).toContain('Copied'));
    expect(writeText).toHaveBeenLastCalledWith('3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f');
    fireEvent.click(
      within(screen.getByTestId('receipt-exit')).getByRole('button', { name: 'Copy Aggregate trade id' }),
    );
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('3120460001'));
  });

  it('links to the settlement rules, at the section on checking a receipt', () => {
    renderReceipt(binanceTrade());
    const link = screen.getByRole('link', { name: 'How this result was decided and how to check it' });
    expect(link.getAttribute('href')).toBe('/rules#receipt');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/rules#receipt');
  });
});
