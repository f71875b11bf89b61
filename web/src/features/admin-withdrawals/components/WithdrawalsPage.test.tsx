import '../../../i18n/admin-texts.ts';
import type { AdminWithdrawal } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { adminWithdrawal } from '../../../test/wallet-fixtures.ts';
import { WithdrawalsPage } from './WithdrawalsPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderList(path = '/app-panel/withdrawals') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/app-panel/withdrawals"
          element={
            <>
              <WithdrawalsPage />
              <LocationProbe />
            </>
          }
        />
        <Route path="/app-panel/withdrawals/:id" element={<p>detail page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function listApi(items: () => AdminWithdrawal[] | Response) {
  const queries: URLSearchParams[] = [];
  mockApi({
    'GET /api/withdrawals': ({ url }) => {
      queries.push(url.searchParams);
      const value = items();
      if (value instanceof Response) return value;
      return { items: value, pagination: { total: value.length, page: 1, limit: 20, pages: 1 } };
    },
  });
  return queries;
}

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ token: 'tok', user: user({ role: 'admin', isAdmin: true }), status: 'ready' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('withdrawals list', () => {
  it('lists every status, 20 a page, with the spec columns and a View link', async () => {
    const queries = listApi(() => [adminWithdrawal()]);
    renderList();
    await screen.findByText('WD20250301ABC');
    expect(queries[0]?.get('limit')).toBe('20');
    expect(queries[0]?.has('status')).toBe(false);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'TRX',
      'User',
      'Email',
      'Method',
      'Amount',
      'Charge',
      'Rate',
      'Status',
      'Requested',
      'View',
    ]);
    const row = screen.getAllByRole('row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'WD20250301ABC',
      'Asha Vermaasha',
      'asha@example.com',
      'Bank transfer',
      '₹2,500.00',
      '₹0.00',
      '1',
      'Pending',
    ]);
    fireEvent.click(within(row).getByRole('link', { name: 'View' }));
    expect(await screen.findByText('detail page')).toBeTruthy();
  });

  it('filters by status and searches a moment after typing, keeping both in the URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queries = listApi(() => []);
    renderList();
    await screen.findByText('No withdrawals found.');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('rejected'));

    const before = queries.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'WD2025' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'WD20250301' } });
    expect(queries).toHaveLength(before);
    act(() => vi.advanceTimersByTime(350));
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('WD20250301'));
    expect(queries).toHaveLength(before + 1);
    expect(screen.getByTestId('location').textContent).toBe(
      '/app-panel/withdrawals?status=rejected&search=WD20250301',
    );
  });

  it('reloads on Refresh and when admin:badges arrives', async () => {
    let items = [adminWithdrawal()];
    const queries = listApi(() => items);
    renderList('/app-panel/withdrawals?status=pending');
    await screen.findByText('WD20250301ABC');
    expect(queries[0]?.get('status')).toBe('pending');

    items = [...items, adminWithdrawal({ id: 'w2', trxNumber: 'WD20250302XYZ' })];
    act(() => server().serverEmit('admin:badges', { pendingTopups: 0, pendingWithdrawals: 2 }));
    await screen.findByText('WD20250302XYZ');

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(queries).toHaveLength(3));
  });

  it('shows No withdrawals found. with the failure when the list cannot load', async () => {
    listApi(() => json({}, 403));
    renderList();
    expect((await screen.findByRole('alert')).textContent).toBe('Forbidden (403) - admin access required.');
    expect(screen.getByText('No withdrawals found.')).toBeTruthy();
  });
});
