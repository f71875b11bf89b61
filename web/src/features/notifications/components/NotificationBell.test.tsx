import '../../../i18n/index.ts';
import type { Notification as AppNotification } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '../../../lib/query/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { type Handler, json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { NotificationsPage } from './NotificationsPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

let seq = 0;
function note(overrides: Partial<AppNotification> = {}): AppNotification {
  seq += 1;
  return {
    id: `n${seq}`,
    type: 'credit',
    title: `Top-up approved ${seq}`,
    body: '₹2,500.00 was added to your balance.',
    data: {},
    read: false,
    createdAt: new Date(Date.UTC(2025, 0, 2, 10, seq)).toISOString(),
    ...overrides,
  };
}

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

/** The notifications API over a list the test owns (ids known up front); records the calls. */
function notificationsApi(initial: AppNotification[]) {
  const state = { items: initial };
  const unread = () => state.items.filter((n) => !n.read).length;
  const calls: string[] = [];
  const markOne: Record<string, Handler> = Object.fromEntries(
    initial.map((n) => [
      `POST /api/notifications/${n.id}/read`,
      () => {
        calls.push(`read ${n.id}`);
        state.items = state.items.map((x) => (x.id === n.id ? { ...x, read: true } : x));
        return { ok: true, unread: unread() };
      },
    ]),
  );
  mockApi({
    'GET /api/notifications': ({ url }) => {
      calls.push(`list ${url.search}`);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const page = Number(url.searchParams.get('page') ?? 1);
      const pages = Math.max(1, Math.ceil(state.items.length / limit));
      return {
        items: state.items.slice((page - 1) * limit, page * limit),
        pagination: { total: state.items.length, page, limit, pages },
        unread: unread(),
      };
    },
    'GET /api/notifications/unread-count': () => {
      calls.push('count');
      return { count: unread() };
    },
    'POST /api/notifications/read-all': () => {
      calls.push('read-all');
      state.items = state.items.map((n) => ({ ...n, read: true }));
      return { ok: true, unread: 0 };
    },
    ...markOne,
  });
  return { state, calls };
}

const renderBell = () =>
  render(
    <MemoryRouter>
      <NotificationBell />
    </MemoryRouter>,
  );

const bellButton = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('region', { name: 'Notifications' });

describe('header bell', () => {
  it('shows the unread count on the badge and in its name', async () => {
    notificationsApi([note(), note(), note({ read: true })]);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('2'));
    expect(bellButton().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(screen.getByTestId('bell-count').hidden).toBe(false);
  });

  it('hides the badge at zero and says No notifications', async () => {
    const { calls } = notificationsApi([]);
    renderBell();
    await waitFor(() => expect(calls).toContain('count'));
    expect(screen.getByTestId('bell-count').hidden).toBe(true);
    expect(bellButton().getAttribute('aria-label')).toBe('Notifications');
    fireEvent.click(bellButton());
    expect(await within(panel()).findByText('No notifications')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'View all notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
  });

  it('opening refreshes the list (limit 15) and the count, unread ones highlighted', async () => {
    const { calls } = notificationsApi([
      note({ title: 'Withdrawal rejected' }),
      note({ read: true, title: 'Welcome' }),
    ]);
    renderBell();
    await waitFor(() => expect(calls).toEqual(['count']));
    fireEvent.click(bellButton());
    expect(bellButton().getAttribute('aria-expanded')).toBe('true');
    const items = await within(panel()).findAllByRole('listitem');
    expect(calls.slice(1).sort()).toEqual(['count', 'list ?limit=15']);
    expect(items.map((li) => li.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(items[0]?.className).toContain('is-unread');
    expect(within(items[0] as HTMLElement).getByText('Unread')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText('Unread')).toBeNull();

    // Closing and opening again asks again.
    fireEvent.click(bellButton());
    fireEvent.click(bellButton());
    await waitFor(() => expect(calls.filter((c) => c.startsWith('list'))).toHaveLength(2));
  });

  it('a click on an item marks it read, and so does Enter', async () => {
    const [a, b] = [note({ title: 'First' }), note({ title: 'Second' })];
    const { calls } = notificationsApi([a, b]);
    renderBell();
    fireEvent.click(bellButton());
    await within(panel()).findByText('First');
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('2'));

    fireEvent.click(within(panel()).getByRole('button', { name: /First/ }));
    await waitFor(() => expect(calls).toContain(`read ${a.id}`));
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('1'));
    expect(within(panel()).getAllByRole('listitem')[0]?.getAttribute('data-read')).toBe('true');

    fireEvent.keyDown(within(panel()).getByRole('button', { name: /Second/ }), { key: 'Enter' });
    await waitFor(() => expect(calls).toContain(`read ${b.id}`));
    await waitFor(() => expect(screen.getByTestId('bell-count').hidden).toBe(true));
    expect(calls.filter((c) => c.startsWith('read '))).toHaveLength(2);
  });

  it('Mark all read clears the count and the highlights', async () => {
    const { calls } = notificationsApi([note(), note(), note()]);
    renderBell();
    fireEvent.click(bellButton());
    await within(panel()).findAllByRole('listitem');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls).toContain('read-all'));
    expect(screen.getByTestId('bell-count').hidden).toBe(true);
    expect(
      within(panel())
        .getAllByRole('listitem')
        .every((li) => li.getAttribute('data-read') === 'true'),
    ).toBe(true);
    expect(within(panel()).getByRole('button', { name: 'Mark all read' })).toHaveProperty('disabled', true);
  });

  it('a live notification event raises the count and puts the new one on top', async () => {
    notificationsApi([note({ title: 'Older', read: true })]);
    renderBell();
    fireEvent.click(bellButton());
    await within(panel()).findByText('Older');
    const fresh = note({ title: 'Top-up approved', body: '₹2,500.00 was added to your balance.' });
    act(() => server().serverEmit('notification', { notification: fresh, unread: 1 }));
    expect(screen.getByTestId('bell-count').textContent).toBe('1');
    const items = within(panel()).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Top-up approved');
    expect(items[1]?.textContent).toContain('Older');

    act(() => server().serverEmit('notification', { notification: note(), unread: 2 }));
    expect(bellButton().getAttribute('aria-label')).toBe('Notifications, 2 unread');
  });

  it('only logs failures (Failed to fetch notifications, Failed to mark read)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/notifications': () => json({ message: 'boom' }, 500),
      'GET /api/notifications/unread-count': () => json({ message: 'boom' }, 500),
    });
    renderBell();
    fireEvent.click(bellButton());
    expect(await within(panel()).findByText('No notifications')).toBeTruthy();
    await waitFor(() =>
      expect(errors.mock.calls.map((c) => c[0])).toEqual(
        expect.arrayContaining(['Failed to fetch notifications', 'Failed to fetch unread count']),
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => server().serverEmit('notification', { notification: note({ title: 'Live' }), unread: 1 }));
    fireEvent.click(within(panel()).getByRole('button', { name: /Live/ }));
    await waitFor(() => expect(errors.mock.calls.map((c) => c[0])).toContain('Failed to mark read'));
    expect(screen.getByTestId('bell-count').textContent).toBe('1');
  });

  it('is not there for guests', () => {
    useSession.setState({ token: null, user: null });
    mockApi({});
    renderBell();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});

describe('notifications page', () => {
  const renderPage = () =>
    render(
      <MemoryRouter initialEntries={['/notifications']}>
        <NotificationsPage />
      </MemoryRouter>,
    );

  it('lists 20 per page with paging, marks one read on click and all with Mark all read', async () => {
    const items = Array.from({ length: 23 }, (_, i) => note({ title: `Message ${i + 1}`, read: i > 2 }));
    const { calls } = notificationsApi(items);
    const { client } = renderPage();
    const unreadCount = () => client.getQueryData(notificationKeys.unread());
    const list = await screen.findByTestId('notifications-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(calls[0]).toBe('list ?limit=20&page=1');
    expect(unreadCount()).toBe(3);

    fireEvent.click(within(list).getAllByRole('button')[0] as HTMLElement);
    await waitFor(() => expect(calls).toContain(`read ${items[0]?.id}`));
    expect(unreadCount()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls).toContain('read-all'));
    expect(unreadCount()).toBe(0);
    expect(
      within(list)
        .getAllByRole('listitem')
        .every((li) => li.getAttribute('data-read') === 'true'),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls).toContain('list ?limit=20&page=2'));
    await waitFor(() =>
      expect(within(screen.getByTestId('notifications-list')).getAllByRole('listitem')).toHaveLength(3),
    );
  });

  it('says No notifications when there are none', async () => {
    notificationsApi([]);
    renderPage();
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });
});
