import '../../../i18n/admin-texts.ts';
import { type AdminUserDetail, type AdminUserRow, MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { type Handler, json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { UsersPage } from './UsersPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPage(path = '/app-panel/users') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/app-panel/users"
          element={
            <>
              <UsersPage />
              <LocationProbe />
            </>
          }
        />
        <Route path="/app-panel/login-history" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const row = (overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Asha',
  lastName: 'Verma',
  username: 'asha',
  email: 'asha@example.com',
  country: 'India',
  role: 'user',
  isAdmin: false,
  balance: 1234.5,
  freezAmount: 0,
  frozen: false,
  banned: false,
  trades: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  ...user({ id: row().id, balance: 1234.5, reputationPoints: 42, referralCode: 'ABCD1234' }),
  bannedAt: null,
  banReason: null,
  loginLocked: false,
  stats: {
    deposits: 5000,
    withdrawals: 1200.25,
    transactions: 9,
    totalTrades: 7,
    winTrades: 3,
    lossTrades: 2,
    drawTrades: 1,
  },
  responsibleTrading: {
    disclosure: { acceptedVersion: 1, acceptedAt: '2026-01-02T00:00:00.000Z', currentVersion: 1 },
    dailyLossLimit: { current: 500, pending: null, usedToday: 120 },
    dailyDepositLimit: { current: null, pending: null, usedToday: 0 },
    coolOffUntil: null,
    selfExcludedUntil: '2026-09-01T00:00:00.000Z',
    dayStartsAt: '2026-01-01T18:30:00.000Z',
  },
  ...overrides,
});

function api(routes: Record<string, Handler> = {}, rows: AdminUserRow[] = [row()]) {
  const queries: URLSearchParams[] = [];
  const spy = mockApi({
    'GET /api/admin/users': ({ url }) => {
      queries.push(url.searchParams);
      return { users: rows, total: rows.length, page: 1, limit: 20, pages: 3 };
    },
    [`GET /api/admin/users/${row().id}`]: () => ({ user: detail() }),
    [`GET /api/trade-log/user/${row().id}`]: () => ({ items: [], total: 0, page: 1, limit: 10 }),
    ...routes,
  });
  return { queries, spy };
}

beforeAll(() => {
  realtime.start(null);
  serverOf(h).accept();
});

const signIn = (role: 'admin' | 'superadmin') =>
  useSession.setState({ token: 'tok', user: user({ id: 'me', role, isAdmin: true }), status: 'ready' });

beforeEach(() => {
  localStorage.clear();
  signIn('admin');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('users table', () => {
  it('shows the spec columns, 20 a page with page / total, and styles held and banned rows', async () => {
    const { queries } = api({}, [
      row(),
      row({ id: 'b', username: 'held', frozen: true, freezAmount: 10 }),
      row({ id: 'c', username: 'gone', banned: true }),
    ]);
    renderPage();
    await screen.findAllByTestId('user-row');
    expect(queries[0]?.get('limit')).toBe('20');
    const rows = screen.getAllByTestId('user-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('₹1,234.50')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('7')).toBeTruthy();
    expect(rows[1]?.className).toContain('user-row-frozen');
    expect(rows[2]?.className).toContain('user-row-banned');
    expect(screen.getByText('1 / 3')).toBeTruthy();
    expect(screen.queryByText('superadmin view')).toBeNull();
  });

  it('shows the superadmin view badge to a superadmin', async () => {
    signIn('superadmin');
    api();
    renderPage();
    expect(await screen.findByText('superadmin view')).toBeTruthy();
  });

  it('searches a moment after typing, from page 1', async () => {
    const { queries } = api();
    renderPage('/app-panel/users?page=2');
    await screen.findAllByTestId('user-row');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' asha ' } });
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('asha'));
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('says so when no user matches', async () => {
    api({}, []);
    renderPage();
    expect(await screen.findByText('No users found.')).toBeTruthy();
  });
});

describe('user detail', () => {
  async function openDetail() {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit asha' }));
    return screen.findByTestId('user-detail');
  }

  it('shows the stat cards and the info form without the excluded fields; role only for a superadmin', async () => {
    api();
    const modal = await openDetail();
    expect(within(modal).getByText('₹5,000.00')).toBeTruthy();
    expect(within(modal).getByText('₹1,200.25')).toBeTruthy();
    expect(within(modal).getByText('42 / 100')).toBeTruthy();
    // The user's own limits: shown, with nothing to change them.
    const limits = within(modal).getByTestId('user-responsible-trading');
    expect(within(limits).getByTestId('user-self-excluded').textContent).toMatch(
      /^Self-excluded until .*2026/,
    );
    expect(limits.textContent).toContain('In force: ₹500.00');
    expect(within(limits).queryByRole('button')).toBeNull();
    expect(within(modal).queryByText(/will win/i)).toBeNull();
    expect(within(modal).queryByText(/credit score/i)).toBeNull();
    expect(within(modal).queryByLabelText('Role')).toBeNull();
    const link = within(modal).getByLabelText('Referral Link') as HTMLInputElement;
    expect(link.readOnly).toBe(true);
    expect(link.value).toContain('/register?ref=ABCD1234');
    expect(within(modal).getByRole('link', { name: 'Logins' }).getAttribute('href')).toBe(
      `/app-panel/login-history?user=${row().id}`,
    );
    expect(within(modal).queryByRole('button', { name: 'Unlock login' })).toBeNull();
    // The user's trades (and, a tab away, Financial Records) under the forms.
    const history = within(modal).getByRole('region', { name: 'Trades and records' });
    expect(await within(history).findByText('No trades found.')).toBeTruthy();
  });

  it('gives a superadmin the role select and the unlock button', async () => {
    signIn('superadmin');
    api();
    const modal = await openDetail();
    expect(within(modal).getByLabelText('Role')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Unlock login' })).toBeTruthy();
  });

  it('adds balance with a remark and an Idempotency-Key, then toasts', async () => {
    const sent: Array<{ body: unknown; key: string | null }> = [];
    api({
      [`POST /api/admin/users/${row().id}/balance-adjustments`]: ({ body, headers }) => {
        sent.push({ body, key: headers.get('idempotency-key') });
        return { message: MSG.balanceAdjusted, balance: 1734.5, entryId: '9', replayed: false };
      },
    });
    const modal = await openDetail();
    fireEvent.click(within(modal).getByRole('button', { name: 'Add Balance' }));
    const form = await screen.findByTestId('balance-credit');
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(MSG.adjustmentRequired)).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Amount (₹)'), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText('Remarks (shown to the user)'), {
      target: { value: 'Bonus' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.balanceAdjusted);
    expect(sent).toEqual([
      {
        body: { type: 'credit', amount: 500, remarks: 'Bonus' },
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
  });

  it('opens the user named in the URL with Add Balance open (the "credit added" notification template)', async () => {
    api();
    renderPage(`/app-panel/users?user=${row().id}&action=credit`);
    expect(await screen.findByTestId('balance-credit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('balance-credit')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/app-panel/users');
  });

  it('shows the server’s refusal of a deduction below zero', async () => {
    api({
      [`POST /api/admin/users/${row().id}/balance-adjustments`]: () =>
        json({ statusCode: 400, error: 'Bad Request', message: MSG.deductBelowZero }, 400),
    });
    const modal = await openDetail();
    fireEvent.click(within(modal).getByRole('button', { name: 'Deduct Balance' }));
    const form = await screen.findByTestId('balance-debit');
    fireEvent.change(within(form).getByLabelText('Amount (₹)'), { target: { value: '99999' } });
    fireEvent.change(within(form).getByLabelText('Remarks (shown to the user)'), {
      target: { value: 'fee' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Deduct' }));
    expect(await within(form).findByText(MSG.deductBelowZero)).toBeTruthy();
  });

  it('requires a ban reason, and checks the new password twice before sending it', async () => {
    const calls: string[] = [];
    api({
      [`POST /api/admin/users/${row().id}/ban`]: () => {
        calls.push('ban');
        return { user: detail({ banned: true }), message: MSG.userBanned };
      },
      [`PUT /api/admin/users/${row().id}/password`]: ({ body }) => {
        calls.push(JSON.stringify(body));
        return { message: MSG.passwordUpdated };
      },
    });
    const modal = await openDetail();
    fireEvent.click(within(modal).getByRole('button', { name: 'Ban User' }));
    const ban = await screen.findByTestId('ban-form');
    fireEvent.click(within(ban).getByRole('button', { name: 'Ban' }));
    expect(await within(ban).findByText(MSG.banReasonRequired)).toBeTruthy();

    fireEvent.click(within(modal).getByRole('button', { name: 'Change Password' }));
    const pw = await screen.findByTestId('password-form');
    fireEvent.change(within(pw).getByLabelText('New password'), { target: { value: 'long-enough-1' } });
    fireEvent.change(within(pw).getByLabelText('Confirm new password'), {
      target: { value: 'long-enough-2' },
    });
    fireEvent.click(within(pw).getByRole('button', { name: 'Set password' }));
    expect(await within(pw).findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    fireEvent.change(within(pw).getByLabelText('Confirm new password'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.click(within(pw).getByRole('button', { name: 'Set password' }));
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.passwordUpdated);
    expect(calls).toEqual([JSON.stringify({ newPassword: 'long-enough-1' })]);
  });
});
