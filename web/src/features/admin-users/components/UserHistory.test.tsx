import '../../../i18n/admin-texts.ts';
import type { TradeLogEntry } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setUpAdminScreen } from '../../../test/admin-setup.tsx';
import { mockApi } from '../../../test/api-router.ts';
import { settled, trade } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { ledger, paged } from '../../../test/wallet-fixtures.ts';
import { UserHistory } from './UserHistory.tsx';

const USER_ID = '11111111-1111-4111-8111-111111111111';
const entry = (overrides: Partial<TradeLogEntry> = {}): TradeLogEntry => ({
  ...settled(trade({ account: 'real' })),
  userId: USER_ID,
  username: 'asha',
  ...overrides,
});

const first = entry();

function historyApi() {
  const trades: URLSearchParams[] = [];
  const records: URLSearchParams[] = [];
  mockApi({
    [`GET /api/trade-log/user/${USER_ID}`]: ({ url }) => {
      trades.push(url.searchParams);
      const items =
        url.searchParams.get('page') === '2' ? [entry({ id: 'older', pair: 'ETH/INR' })] : [first];
      return { items, total: 11, page: Number(url.searchParams.get('page')), limit: 10 };
    },
    [`GET /api/admin/wallet/transactions/${USER_ID}`]: ({ url }) => {
      records.push(url.searchParams);
      return paged(
        [
          ledger({ type: 'trade_payout', amount: 120, trade: { status: 'won', profit: 20 } }),
          ledger({
            type: 'trade_stake',
            direction: 'debit',
            amount: 50,
            trade: { status: 'lost', profit: -50 },
          }),
        ],
        2,
        1,
        20,
      );
    },
  });
  return { trades, records };
}

const renderHistory = () =>
  render(
    <MemoryRouter>
      <UserHistory userId={USER_ID} />
    </MemoryRouter>,
  );
const rowsIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? ''));

setUpAdminScreen();

describe('a user’s trades and records in the user detail', () => {
  it('lists the user’s trades 10 a page by result and account, each receipt one click away', async () => {
    const { trades } = historyApi();
    renderHistory();
    await waitFor(() => expect(rowsIn('user-trades')).toHaveLength(1));
    expect(rowsIn('user-trades')[0]?.slice(0, 2)).toEqual(['BTC/INR', '₹100.00']);
    expect(Object.fromEntries(trades[0] ?? [])).toMatchObject({
      filter: 'all',
      account: 'real',
      page: '1',
      limit: '10',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Receipt of asha’s BTC/INR trade' }));
    const receipt = screen.getByRole('region', { name: 'Order receipt' });
    expect(within(receipt).getByTestId('receipt-trade-id').textContent).toBe(first.id);
    expect(within(receipt).getByTestId('receipt-exit')).toBeTruthy();
    fireEvent.click(within(receipt).getByRole('button', { name: 'Close receipt' }));
    expect(screen.queryByRole('region', { name: 'Order receipt' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowsIn('user-trades')[0]?.[0]).toBe('ETH/INR'));
    fireEvent.click(screen.getByRole('button', { name: 'Losing' }));
    await waitFor(() => expect(trades.at(-1)?.get('filter')).toBe('loss'));
    expect(trades.at(-1)?.get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Practice' }));
    await waitFor(() => expect(trades.at(-1)?.get('account')).toBe('practice'));
  });

  it('shows the user’s Financial Records 20 a page, filtered by Bill Type, with profit and loss labelled', async () => {
    const { records } = historyApi();
    renderHistory();
    fireEvent.click(screen.getByRole('button', { name: 'Financial Records' }));
    await waitFor(() => expect(rowsIn('user-records')).toHaveLength(2));
    expect(rowsIn('user-records').map((r) => [r[1], r[3]])).toEqual([
      ['Trade win', '₹120.00 Profit ₹20.00'],
      ['Trade loss', '₹50.00'],
    ]);
    expect(Object.fromEntries(records[0] ?? [])).toMatchObject({
      type: 'all',
      account: 'real',
      page: '1',
      limit: '20',
    });
    fireEvent.change(screen.getByLabelText('Bill Type'), { target: { value: 'trade_loss' } });
    await waitFor(() => expect(records.at(-1)?.get('type')).toBe('trade_loss'));
  });
});
