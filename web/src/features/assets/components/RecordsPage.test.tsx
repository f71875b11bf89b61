import '../../../i18n/index.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { ledger, paged } from '../../../test/wallet-fixtures.ts';
import { RecordsPage } from './AssetPages.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  useSession.setState({ token: 'tok', user: user(), status: 'ready' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/assets/records']}>
      <RecordsPage />
    </MemoryRouter>,
  );

const rows = () =>
  within(screen.getByTestId('records'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? ''));

describe('Financial Records', () => {
  it('asks for 10 INR entries, newest first, and shows time, type, direction, amount, balance after, remarks', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      'GET /api/wallet/transactions/my': ({ url }) => {
        queries.push(url.searchParams);
        return paged(
          [
            ledger({
              type: 'withdrawal_return',
              amount: 1000,
              balanceAfter: 2500,
              remarks: 'Account name does not match',
              createdAt: '2025-01-02T11:30:00.000Z',
            }),
            ledger({
              type: 'withdrawal',
              direction: 'debit',
              amount: 1000,
              balanceAfter: 1500,
              reference: 'WD1001',
            }),
            ledger({ type: 'trade_stake', direction: 'debit', amount: 100, balanceAfter: 2400 }),
            ledger({ type: 'trade_payout', amount: 120, balanceAfter: 2520 }),
            ledger({ type: 'admin_adjustment', direction: 'debit', amount: 20, balanceAfter: 2500 }),
          ],
          5,
          1,
          10,
        );
      },
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const q = queries[0];
    expect([q?.get('page'), q?.get('limit'), q?.get('type'), q?.get('currency'), q?.get('sort')]).toEqual([
      '1',
      '10',
      'all',
      'INR',
      '-createdAt',
    ]);
    const headers = within(screen.getByTestId('records'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Time', 'Type', 'Direction', 'Amount', 'Balance after', 'Remarks']);
    const [first, second, third, fourth, fifth] = rows();
    expect(first?.slice(1)).toEqual([
      'Withdrawal and return',
      '+Credit',
      '₹1,000.00',
      '₹2,500.00',
      'Account name does not match',
    ]);
    expect(second?.slice(1, 5)).toEqual(['Withdrawal and deduct money', '-Debit', '₹1,000.00', '₹1,500.00']);
    expect(second?.[5]).toContain('WD1001');
    expect(third?.[1]).toBe('Trade stake');
    expect(fourth?.[1]).toBe('Trade win');
    expect(fifth?.[1]).toBe('System deducted');
  });

  it('labels a lost trade’s stake Trade loss and shows the profit a won trade’s payout holds', async () => {
    mockApi({
      'GET /api/wallet/transactions/my': () =>
        paged(
          [
            ledger({ type: 'trade_refund', amount: 30, trade: { status: 'draw', profit: 0 } }),
            ledger({
              type: 'trade_stake',
              direction: 'debit',
              amount: 30,
              trade: { status: 'draw', profit: 0 },
            }),
            ledger({ type: 'trade_payout', amount: 140, trade: { status: 'won', profit: 40 } }),
            ledger({
              type: 'trade_stake',
              direction: 'debit',
              amount: 100,
              trade: { status: 'won', profit: 40 },
            }),
            ledger({
              type: 'trade_stake',
              direction: 'debit',
              amount: 50,
              trade: { status: 'lost', profit: -50 },
            }),
          ],
          5,
          1,
          10,
        ),
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows().map((r) => [r[1], r[3]])).toEqual([
      ['Trade refund', '₹30.00'],
      ['Trade stake', '₹30.00'],
      ['Trade win', '₹140.00 Profit ₹40.00'],
      ['Trade stake', '₹100.00'],
      ['Trade loss', '₹50.00'],
    ]);
  });

  it('offers the spec Bill Types and sends the chosen one', async () => {
    const types: Array<string | null> = [];
    mockApi({
      'GET /api/wallet/transactions/my': ({ url }) => {
        types.push(url.searchParams.get('type'));
        return paged([], 0, 1, 10);
      },
    });
    renderPage();
    expect(await screen.findByText('No data yet')).toBeTruthy();
    const select = screen.getByLabelText('Bill Type') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['all', 'All'],
      ['recharge', 'User recharge'],
      ['withdrawal', 'Withdrawal and deduct money'],
      ['withdrawal_return', 'Withdrawal and return'],
      ['admin_adjustment', 'System added'],
      ['trade_profit', 'Trade win'],
      ['trade_loss', 'Trade loss'],
    ]);
    expect([...(screen.getByLabelText('Currency') as HTMLSelectElement).options].map((o) => o.value)).toEqual(
      ['INR'],
    );
    fireEvent.change(select, { target: { value: 'withdrawal_return' } });
    await waitFor(() => expect(types.at(-1)).toBe('withdrawal_return'));
    expect(await screen.findByText('Data not found')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'trade_loss' } });
    await waitFor(() => expect(types.at(-1)).toBe('trade_loss'));
  });

  it('pages with Prev/Next and reloads the first page when money moves', async () => {
    const pages: Array<string | null> = [];
    mockApi({
      'GET /api/wallet/transactions/my': ({ url }) => {
        pages.push(url.searchParams.get('page'));
        return paged([ledger()], 25, Number(url.searchParams.get('page')), 10);
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages.at(-1)).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
    await waitFor(() => expect(pages.at(-1)).toBe('1'));
    const before = pages.length;
    act(() => server().serverEmit('balance', { real: 10, practice: 100_000, reason: 'recharge' }));
    await waitFor(() => expect(pages.length).toBe(before + 1));
  });

  it('says Failed to load financial records. when the ledger cannot be loaded', async () => {
    mockApi({ 'GET /api/wallet/transactions/my': () => json({ message: 'boom' }, 500) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(WEB_MSG.recordsLoadFailed);
  });
});
