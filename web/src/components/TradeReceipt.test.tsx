import '../i18n/index.ts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

describe('trade receipt', () => {
  it('links to the settlement rules, at the section on checking a receipt', () => {
    mockApi({ 'GET /api/binance/usdt-inr': () => ({ inr: 85 }) });
    const receipt = settled(trade());
    render(
      <MemoryRouter initialEntries={['/orders']}>
        <Routes>
          <Route path="/orders" element={<TradeReceipt trade={receipt} />} />
          <Route path="/rules" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    // The proof the rules page explains is on the receipt: both Binance trade ids.
    expect(within(screen.getByTestId('receipt-exit')).getByTestId('receipt-exit-agg').textContent).toBe(
      '9050',
    );
    const link = screen.getByRole('link', { name: 'How this result was decided and how to check it' });
    expect(link.getAttribute('href')).toBe('/rules#receipt');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/rules#receipt');
  });
});
