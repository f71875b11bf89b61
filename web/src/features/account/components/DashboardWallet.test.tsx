import '../../../i18n/index.ts';
import type { Notification as AppNotification, WalletTransactionView } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '../../../lib/query/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { DashboardNotifications } from './DashboardNotifications.tsx';
import { WalletActivity } from './WalletActivity.tsx';

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

const renderIn = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

let seq = 0;
const entry = (overrides: Partial<WalletTransactionView> = {}): WalletTransactionView => {
  seq += 1;
  return {
    id: `tx${seq}`,
    type: 'recharge',
    direction: 'credit',
    amount: 100 * seq,
    balanceAfter: 1000 + seq,
    currency: 'INR',
    account: 'real',
    remarks: null,
    reference: null,
    trade: null,
    createdAt: new Date(Date.UTC(2025, 0, 3, 9, seq)).toISOString(),
    ...overrides,
  };
};
const note = (overrides: Partial<AppNotification> = {}): AppNotification => {
  seq += 1;
  return {
    id: `n${seq}`,
    type: 'system',
    title: `Notice ${seq}`,
    body: 'Body',
    data: {},
    read: false,
    createdAt: new Date(Date.UTC(2025, 0, 3, 9, seq)).toISOString(),
    ...overrides,
  };
};
const page = <T,>(items: T[], total: number, p: number, limit: number) => ({
  items,
  pagination: { total, page: p, limit, pages: Math.max(1, Math.ceil(total / limit)) },
});

describe('account dashboard: Wallet Activity (5)', () => {
  it('asks for 6 of my newest entries, shows 5 and links to Financial Records when there are more', async () => {
    const queries: URLSearchParams[] = [];
    const six = Array.from({ length: 6 }, (_, i) =>
      entry(i === 1 ? { type: 'withdrawal', direction: 'debit', amount: 1000 } : {}),
    );
    mockApi({
      'GET /api/wallet/transactions/my': ({ url }) => {
        queries.push(url.searchParams);
        return page(six, 9, 1, 6);
      },
    });
    renderIn(<WalletActivity />);
    const section = screen.getByTestId('wallet-activity');
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(6));
    const q = queries[0];
    expect([q?.get('limit'), q?.get('page'), q?.get('sort')]).toEqual(['6', '1', '-createdAt']);
    const second = within(section).getAllByRole('row')[2];
    expect(second?.textContent).toContain('Withdrawal and deduct money');
    expect(second?.textContent).toContain('-₹1,000.00');
    expect(
      within(section).getByRole('link', { name: 'More in Financial Records' }).getAttribute('href'),
    ).toBe('/assets/records');
  });

  it('says No data yet without entries, and reloads when money moves', async () => {
    let items: WalletTransactionView[] = [];
    const api = mockApi({ 'GET /api/wallet/transactions/my': () => page(items, items.length, 1, 6) });
    renderIn(<WalletActivity />);
    const section = screen.getByTestId('wallet-activity');
    expect(await within(section).findByText('No data yet')).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'More in Financial Records' })).toBeNull();
    items = [entry({ amount: 2500 })];
    act(() => server().serverEmit('balance', { real: 2500, practice: 100_000, reason: 'recharge' }));
    expect(await within(section).findByText('+₹2,500.00')).toBeTruthy();
    expect(api.mock.calls).toHaveLength(2);
  });
});

describe('account dashboard: Notifications (5 per page)', () => {
  it('pages 5 at a time, marks one read on click and all with Mark all read', async () => {
    let items = Array.from({ length: 7 }, () => note());
    const calls: string[] = [];
    mockApi({
      'GET /api/notifications': ({ url }) => {
        calls.push(url.search);
        const p = Number(url.searchParams.get('page'));
        return {
          ...page(items.slice((p - 1) * 5, p * 5), items.length, p, 5),
          unread: items.filter((n) => !n.read).length,
        };
      },
      [`POST /api/notifications/${items[0]?.id}/read`]: () => {
        calls.push('read');
        items = items.map((n, i) => (i === 0 ? { ...n, read: true } : n));
        return { ok: true, unread: 6 };
      },
      'POST /api/notifications/read-all': () => {
        calls.push('read-all');
        items = items.map((n) => ({ ...n, read: true }));
        return { ok: true, unread: 0 };
      },
    });
    const { client } = renderIn(<DashboardNotifications />);
    const unreadCount = () => client.getQueryData(notificationKeys.unread());
    const section = screen.getByTestId('dashboard-notifications');
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(5));
    expect(calls[0]).toBe('?limit=5&page=1');
    expect(unreadCount()).toBe(7);

    fireEvent.click(within(section).getAllByRole('listitem')[0]?.querySelector('button') as HTMLElement);
    await waitFor(() => expect(calls).toContain('read'));
    expect(unreadCount()).toBe(6);
    expect(within(section).getAllByRole('listitem')[0]?.getAttribute('data-read')).toBe('true');

    fireEvent.click(within(section).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls).toContain('?limit=5&page=2'));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));

    fireEvent.click(within(section).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls).toContain('read-all'));
    expect(unreadCount()).toBe(0);
    expect(
      within(section)
        .getAllByRole('listitem')
        .every((li) => li.getAttribute('data-read') === 'true'),
    ).toBe(true);
  });

  it('shows the list empty and only logs when it cannot be loaded', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/notifications': () => json({ message: 'boom' }, 500) });
    renderIn(<DashboardNotifications />);
    const section = screen.getByTestId('dashboard-notifications');
    expect(await within(section).findByText('No notifications')).toBeTruthy();
    expect(errors.mock.calls[0]?.[0]).toBe('Failed to fetch notifications');
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('reloads the first page when a notification arrives', async () => {
    let items: AppNotification[] = [];
    mockApi({
      'GET /api/notifications': () => ({ ...page(items, items.length, 1, 5), unread: items.length }),
    });
    renderIn(<DashboardNotifications />);
    const section = screen.getByTestId('dashboard-notifications');
    await within(section).findByText('No notifications');
    const fresh = note({ title: 'Hold placed on your account' });
    items = [fresh];
    act(() => server().serverEmit('notification', { notification: fresh, unread: 1 }));
    expect(await within(section).findByText('Hold placed on your account')).toBeTruthy();
  });
});
