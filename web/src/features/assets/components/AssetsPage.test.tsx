import '../../../i18n/index.ts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectBalances } from '../../../lib/balance-sync.ts';
import { useSession } from '../../../lib/session/index.ts';
import { connectionStore, realtime } from '../../../lib/socket.ts';
import { connectWallet } from '../../../lib/wallet-sync.ts';
import { mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { AssetsPage } from './AssetPages.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);
let undo: Array<() => void> = [];

beforeAll(() => {
  realtime.start(null);
  server().accept();
  undo = [
    connectBalances(realtime, connectionStore, async () => {}),
    connectWallet(realtime, connectionStore, async () => {}),
  ];
});

afterAll(() => {
  for (const off of undo) off();
});

beforeEach(() => {
  mockApi({ 'GET /api/auth/me': () => ({ user: useSession.getState().user }) });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/assets']}>
      <AssetsPage />
    </MemoryRouter>,
  );

const rows = () =>
  within(screen.getByTestId('assets-table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? ''));

describe('Asset Overview', () => {
  it('shows INR (balance, available, freeze) and BTC at 0 with 8 decimals, and the wallet actions', () => {
    useSession.setState({
      token: 'tok',
      user: user({ balance: 123_456.7, freezAmount: 1000 }),
      status: 'ready',
    });
    renderPage();
    expect(screen.getByTestId('asset-balance').textContent).toBe('₹1,23,456.70');
    expect(screen.getByTestId('asset-available').textContent).toBe('Available: ₹1,22,456.70');
    const headers = within(screen.getByTestId('assets-table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Currency', 'Total quantity', 'Available', 'Freeze']);
    expect(rows()).toEqual([
      ['INR', '1,23,456.70', '1,22,456.70', '1,000.00'],
      ['BTC', '0.00000000', '0.00000000', '0.00000000'],
    ]);
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/assets/topup');
    expect(screen.getByRole('link', { name: 'Withdrawal of coins' }).getAttribute('href')).toBe(
      '/assets/withdraw',
    );
    expect(screen.getByRole('link', { name: 'Financial records' }).getAttribute('href')).toBe(
      '/assets/records',
    );
  });

  it('hides the balance behind eight dots and shows it again', () => {
    useSession.setState({ token: 'tok', user: user({ balance: 500 }), status: 'ready' });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('asset-balance').textContent).toBe('••••••••');
    expect(rows()[0]?.slice(1)).toEqual(['••••••••', '••••••••', '••••••••']);
    const show = screen.getByRole('button', { name: 'Show balance' });
    expect(show.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(show);
    expect(screen.getByTestId('asset-balance').textContent).toBe('₹500.00');
  });

  it('hides zero balances, searches by currency, and says No data yet when nothing is left', () => {
    useSession.setState({ token: 'tok', user: user({ balance: 0 }), status: 'ready' });
    renderPage();
    expect(rows().map((r) => r[0])).toEqual(['INR', 'BTC']);
    fireEvent.change(screen.getByLabelText('Search currency'), { target: { value: 'btc' } });
    expect(rows().map((r) => r[0])).toEqual(['BTC']);
    fireEvent.change(screen.getByLabelText('Search currency'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Hide 0 balance'));
    expect(screen.getByText('No data yet')).toBeTruthy();

    act(() => server().serverEmit('balance', { real: 75, practice: 100_000, reason: 'recharge' }));
    expect(rows().map((r) => r[0])).toEqual(['INR']);
  });

  it('explains a hold with its reason, and follows hold events live', () => {
    useSession.setState({ token: 'tok', user: user({ balance: 5000 }), status: 'ready' });
    renderPage();
    expect(screen.queryByTestId('hold-notice')).toBeNull();

    act(() => server().serverEmit('hold', { freezAmount: 1500, freezReason: 'KYC documents under review' }));
    const notice = screen.getByRole('region', { name: 'Funds on hold' });
    expect(notice.textContent).toContain('₹1,500.00 of your balance is on hold');
    expect(notice.textContent).toContain('Reason: KYC documents under review');
    expect(screen.getByTestId('asset-available').textContent).toBe('Available: ₹3,500.00');
    expect(rows()[0]).toEqual(['INR', '5,000.00', '3,500.00', '1,500.00']);

    act(() => server().serverEmit('hold', { freezAmount: 0, freezReason: null }));
    expect(screen.queryByTestId('hold-notice')).toBeNull();
    expect(screen.getByTestId('asset-available').textContent).toBe('Available: ₹5,000.00');
  });

  it('never shows a negative available balance', () => {
    useSession.setState({
      token: 'tok',
      user: user({ balance: 100, freezAmount: 300, freezReason: 'Chargeback' }),
      status: 'ready',
    });
    renderPage();
    expect(screen.getByTestId('asset-available').textContent).toBe('Available: ₹0.00');
    expect(screen.getByText('Reason: Chargeback')).toBeTruthy();
  });
});
