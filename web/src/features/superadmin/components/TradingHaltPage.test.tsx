import '../../../i18n/admin-texts.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { COIN_LIST, RATE } from '../../../test/api-mock.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import { expectToast, render } from '../../../test/render.tsx';
import { TradingHaltPage } from './TradingHaltPage.tsx';

const since = '2026-01-01T00:00:00.000Z';
const market = {
  coins: COIN_LIST,
  usdtInr: RATE,
  feed: { source: 'binance', state: 'live', simulated: false, since: 1 },
};

beforeEach(() => {
  useSession.setState({ token: 'tok', user: user({ role: 'superadmin' }), status: 'ready' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the superadmin trading halt panel', () => {
  it('shows the standing halts and halts one coin with a reason', async () => {
    const sent: unknown[] = [];
    let halts = [{ symbol: null as string | null, reason: 'Feed incident', since, haltedBy: 'u9' }];
    mockApi({
      'GET /api/superadmin/trading-halt': () => ({ halts }),
      'GET /api/market': () => market,
      'PUT /api/superadmin/trading-halt': ({ body }) => {
        sent.push(body);
        halts = [...halts, { symbol: 'BTC', reason: 'Pair delisted', since, haltedBy: 'u9' }];
        return { halts, message: MSG.tradingHaltSaved };
      },
    });
    render(<TradingHaltPage />);
    expect((await screen.findByTestId('halt-row')).textContent).toContain('All coins: Feed incident');

    const coin = screen.getByLabelText('Coin') as HTMLSelectElement;
    await waitFor(() => expect([...coin.options].map((o) => o.value)).toContain('BTC'));
    fireEvent.change(coin, { target: { value: 'BTC' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Pair delisted' } });
    fireEvent.click(screen.getByRole('button', { name: 'Halt trading' }));

    await waitFor(() => expect(screen.getAllByTestId('halt-row')).toHaveLength(2));
    expect(sent).toEqual([{ halted: true, symbol: 'BTC', reason: 'Pair delisted' }]);
    await expectToast(MSG.tradingHaltSaved);
  });

  it('asks for a reason before sending, and ends a halt with the switch off', async () => {
    const fetch = mockApi({
      'GET /api/superadmin/trading-halt': () => ({ halts: [] }),
      'GET /api/market': () => market,
      'PUT /api/superadmin/trading-halt': ({ body }) =>
        json({ halts: [], message: MSG.tradingHaltSaved, body }),
    });
    render(<TradingHaltPage />);
    expect((await screen.findByTestId('halt-none')).textContent).toBe('Trading is open: no halt stands.');
    fireEvent.click(screen.getByRole('button', { name: 'Halt trading' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.haltReasonRequired);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Incident over' } });
    fireEvent.click(screen.getByRole('button', { name: 'End the halt' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([, init]) => init?.method === 'PUT' && String(init.body).includes('"halted":false'),
        ),
      ).toBe(true),
    );
    // The success is the toast; the refusal before it is gone from under the form.
    await expectToast(MSG.tradingHaltSaved);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
