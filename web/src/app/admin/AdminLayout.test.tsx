import '../../i18n/admin-texts.ts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session/index.ts';
import { realtime } from '../../lib/socket.ts';
import { json, mockApi, user } from '../../test/api-router.ts';
import type { FakeSocket } from '../../test/fake-socket.ts';
import { render } from '../../test/render.tsx';
import { serverOf } from '../../test/socket-mock.ts';
import { AdminLayout } from './AdminLayout.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../lib/socket.ts', async (importOriginal) =>
  (await import('../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

function renderPanel() {
  return render(
    <MemoryRouter initialEntries={['/app-panel/dashboard']}>
      <Routes>
        <Route path="/app-panel" element={<AdminLayout />}>
          <Route path="dashboard" element={<p>dashboard</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

function badgesApi(answers: Array<{ pendingTopups: number; pendingWithdrawals: number } | Response>) {
  let calls = 0;
  mockApi({
    'GET /api/admin/badges': () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return answer;
    },
  });
  return () => calls;
}

const nav = () => screen.getByRole('navigation', { name: 'Admin navigation' });
const link = (name: string | RegExp) => within(nav()).getByRole('link', { name });

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
});

describe('admin sidebar badges', () => {
  it('shows the pending counts from GET /api/admin/badges on the two links, read as "N pending"', async () => {
    badgesApi([{ pendingTopups: 2, pendingWithdrawals: 5 }]);
    renderPanel();
    await waitFor(() => expect(link('Top-up Requests 2 pending')).toBeTruthy());
    expect(link('Withdrawals 5 pending').getAttribute('href')).toBe('/app-panel/withdrawals');
    expect(link('Top-up Requests 2 pending').getAttribute('href')).toBe('/app-panel/topups');
    // The badge itself holds just the number (the browser tests read it).
    expect(screen.getByTestId('badge-topups').textContent).toBe('2');
    expect(link('Dashboard')).toBeTruthy();
  });

  it('follows admin:badges events live', async () => {
    badgesApi([{ pendingTopups: 1, pendingWithdrawals: 0 }]);
    renderPanel();
    await waitFor(() => expect(link('Top-up Requests 1 pending')).toBeTruthy());
    // Nothing pending: the badge is hidden and the link is just its name.
    expect(link('Withdrawals').textContent).toBe('Withdrawals 0');
    expect(screen.getByTestId('badge-withdrawals').hidden).toBe(true);

    act(() => server().serverEmit('admin:badges', { pendingTopups: 0, pendingWithdrawals: 3 }));
    expect(link('Withdrawals 3 pending')).toBeTruthy();
    expect(screen.getByTestId('badge-withdrawals').hidden).toBe(false);
    expect(link('Top-up Requests')).toBeTruthy();
    expect(screen.getByTestId('badge-topups').hidden).toBe(true);
    expect(screen.getByTestId('badge-topups').textContent).toBe('0');
  });

  it('loads the counts again after a reconnect, when events may have been missed', async () => {
    const calls = badgesApi([
      { pendingTopups: 1, pendingWithdrawals: 1 },
      { pendingTopups: 4, pendingWithdrawals: 2 },
    ]);
    renderPanel();
    await waitFor(() => expect(link('Top-up Requests 1 pending')).toBeTruthy());
    act(() => {
      server().drop();
      server().accept();
    });
    await waitFor(() => expect(link('Top-up Requests 4 pending')).toBeTruthy());
    expect(link('Withdrawals 2 pending')).toBeTruthy();
    expect(calls()).toBe(2);
  });

  it('keeps a live event over an older fetch answer that arrives after it', async () => {
    let answer: (value: Response) => void = () => {};
    mockApi({
      'GET /api/admin/badges': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderPanel();
    act(() => server().serverEmit('admin:badges', { pendingTopups: 7, pendingWithdrawals: 0 }));
    expect(link('Top-up Requests 7 pending')).toBeTruthy();
    await act(async () => answer(json({ pendingTopups: 1, pendingWithdrawals: 0 })));
    expect(link('Top-up Requests 7 pending')).toBeTruthy();
  });

  it('shows no badges when the counts cannot be loaded', async () => {
    const calls = badgesApi([json({ message: 'Forbidden' }, 403)]);
    renderPanel();
    await waitFor(() => expect(calls()).toBe(1));
    expect(link('Top-up Requests')).toBeTruthy();
    expect(screen.queryByTestId('badge-topups')).toBeNull();
  });
});
