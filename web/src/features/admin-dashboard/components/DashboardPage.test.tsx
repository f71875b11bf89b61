import '../../../i18n/admin-texts.ts';
import type { AdminCardsResponse } from '@app/shared';
import { act, cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { DashboardPage } from './DashboardPage.tsx';

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
  useSession.setState({ token: 'tok', user: user({ role: 'admin', isAdmin: true }), status: 'ready' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const answer = (over: Partial<AdminCardsResponse['cards']> = {}): AdminCardsResponse => ({
  ok: true,
  cards: {
    totalUsers: 1234,
    activeUsers: 56,
    emailVerified: null,
    emailUnverified: null,
    totalTrades: 900,
    winTrades: 400,
    lossTrades: 450,
    drawTrades: 30,
    totalDeposits: 250_000.5,
    totalWithdrawals: 1_000,
    pendingTopups: 3,
    pendingWithdrawals: 2,
    ...over,
  },
  practice: { totalTrades: 77, winTrades: 11, lossTrades: 22, drawTrades: 33 },
  devices: { mobile: 3, desktop: 1, tablet: 0, unknown: 0 },
  computedAt: '2026-01-05T10:00:00.000Z',
});

/** The value shown on the card titled `label` inside the section titled `section`. */
function card(section: string, label: string): string {
  const region = screen.getByRole('region', { name: section });
  const title = within(region).getByRole('heading', { name: label });
  return title.parentElement?.querySelector('.stat-value')?.textContent ?? '';
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );

describe('admin dashboard', () => {
  it('shows every card, real money and practice apart, and says email verification is not enabled', async () => {
    mockApi({ 'GET /api/admin-stats/cards': () => answer() });
    renderPage();
    expect(await screen.findByRole('region', { name: 'Accounts' })).toBeTruthy();
    expect(card('Accounts', 'Total users')).toBe('1,234');
    expect(card('Accounts', 'Active users (30 days)')).toBe('56');
    // No invented numbers: no value, and the reason.
    expect(card('Accounts', 'Email verified')).toBe('—');
    expect(card('Accounts', 'Email unverified')).toBe('—');
    expect(screen.getAllByText('Email verification is not enabled.')).toHaveLength(2);
    expect(card('Trades (real money)', 'Total trades')).toBe('900');
    expect(card('Trades (real money)', 'Win trades')).toBe('400');
    expect(card('Trades (real money)', 'Loss trades')).toBe('450');
    expect(card('Trades (real money)', 'Draw trades')).toBe('30');
    expect(card('Trades (practice)', 'Total trades')).toBe('77');
    expect(card('Trades (practice)', 'Draw trades')).toBe('33');
    expect(card('Deposits and withdrawals', 'Total deposits')).toBe('₹2,50,000.50');
    expect(card('Deposits and withdrawals', 'Pending top-ups')).toBe('3');
    expect(screen.getByRole('img', { name: 'Logins by device' })).toBeTruthy();
  });

  it('shows counts when email verification reports them', async () => {
    mockApi({ 'GET /api/admin-stats/cards': () => answer({ emailVerified: 10, emailUnverified: 4 }) });
    renderPage();
    await screen.findByRole('region', { name: 'Accounts' });
    expect(card('Accounts', 'Email verified')).toBe('10');
    expect(card('Accounts', 'Email unverified')).toBe('4');
    expect(screen.queryByText('Email verification is not enabled.')).toBeNull();
  });

  it('takes new counts from the admins room without a reload', async () => {
    const fetches = mockApi({ 'GET /api/admin-stats/cards': () => answer() });
    renderPage();
    await screen.findByRole('region', { name: 'Accounts' });
    act(() => server().serverEmit('admin:stats', answer({ totalUsers: 1300, winTrades: 401 })));
    expect(card('Accounts', 'Total users')).toBe('1,300');
    expect(card('Trades (real money)', 'Win trades')).toBe('401');
    act(() => server().serverEmit('admin:badges', { pendingTopups: 9, pendingWithdrawals: 0 }));
    expect(card('Deposits and withdrawals', 'Pending top-ups')).toBe('9');
    expect(card('Deposits and withdrawals', 'Pending withdrawals')).toBe('0');
    // A payload of the wrong shape changes nothing.
    act(() => server().serverEmit('admin:stats', { ok: true } as never));
    expect(card('Accounts', 'Total users')).toBe('1,300');
    expect(fetches).toHaveBeenCalledTimes(1);
  });

  it('says so when the stats cannot be loaded', async () => {
    mockApi({ 'GET /api/admin-stats/cards': () => json({ statusCode: 500, message: 'boom' }, 500) });
    renderPage();
    expect(await screen.findByText('Error loading stats.')).toBeTruthy();
  });
});
