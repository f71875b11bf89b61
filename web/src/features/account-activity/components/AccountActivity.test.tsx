import '../../../i18n/index.ts';
import type { MyAdminAction } from '@app/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { AccountActivity } from './AccountActivity.tsx';

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

const action = (id: string, name: string, reason: string | null): MyAdminAction => ({
  id,
  createdAt: new Date(Date.UTC(2026, 0, 5, 9, Number(id))).toISOString(),
  action: name,
  reason,
});
const page = (items: MyAdminAction[], pageNo = 1, pages = 1) => ({
  items,
  pagination: { total: items.length, page: pageNo, limit: 10, pages },
});
const rows = () =>
  within(screen.getByRole('region', { name: 'Account activity' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent),
    );

describe('account dashboard: Account activity', () => {
  it('lists the admin actions on my account with labels and reasons, and no admin', async () => {
    const urls: URL[] = [];
    mockApi({
      'GET /api/user/me/admin-actions': ({ url }) => {
        urls.push(url);
        return page([
          action('3', 'trade.cancel', 'Feed incident'),
          action('2', 'topup.approve', null),
          action('1', 'user.hold', 'KYC check'),
          action('0', 'user.something_new', 'Later'),
        ]);
      },
    });
    render(<AccountActivity />);
    expect(await screen.findByText('Trade cancelled')).toBeTruthy();
    expect(rows()).toEqual([
      ['Trade cancelled', 'Feed incident'],
      ['Top-up approved', '—'],
      ['Funds on hold changed', 'KYC check'],
      // An action this screen has no label for shows its name rather than nothing.
      ['user.something_new', 'Later'],
    ]);
    expect(urls[0]?.searchParams.get('page')).toBe('1');
    expect(screen.queryByRole('columnheader', { name: /admin/i })).toBeNull();
  });

  it('says when there is nothing, and when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/user/me/admin-actions': () => page([]) });
    render(<AccountActivity />);
    expect(await screen.findByText('No actions on your account.')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    mockApi({ 'GET /api/user/me/admin-actions': () => json({ statusCode: 500, message: 'x' }, 500) });
    render(<AccountActivity />);
    expect(await screen.findByText('Failed to load your account activity.')).toBeTruthy();
  });

  it('fetches again when an admin action reaches me as a notification, and pages', async () => {
    let calls = 0;
    mockApi({
      'GET /api/user/me/admin-actions': ({ url }) => {
        calls += 1;
        const p = Number(url.searchParams.get('page'));
        return p === 2
          ? page([action('1', 'user.hold', 'Older')], 2, 2)
          : page(calls === 1 ? [] : [action('5', 'withdrawal.reject', 'Wrong IFSC')], 1, 2);
      },
    });
    render(<AccountActivity />);
    await screen.findByText('No actions on your account.');
    act(() =>
      server().serverEmit('notification', {
        notification: {
          id: 'n1',
          type: 'withdrawal',
          title: 'Withdrawal rejected',
          body: '',
          data: {},
          readAt: null,
          createdAt: new Date().toISOString(),
        },
        unread: 1,
      }),
    );
    expect(await screen.findByText('Withdrawal rejected')).toBeTruthy();
    expect(rows()).toEqual([['Withdrawal rejected', 'Wrong IFSC']]);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Older')).toBeTruthy();
  });
});
