import '../../../i18n/index.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionEndedNotice } from '../../../components/SessionEndedNotice.tsx';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { AccountPage } from './AccountPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);

beforeAll(() => {
  realtime.start(null);
  serverOf(h).accept();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().logout();
  useSession.getState().dismissEnded();
});

/** The dashboard's own lists, empty. */
const emptyLists = {
  'GET /api/notifications': () => ({
    items: [],
    pagination: { total: 0, page: 1, limit: 5, pages: 1 },
    unread: 0,
  }),
};

const page = () =>
  render(
    <MemoryRouter>
      <SessionEndedNotice />
      <AccountPage />
    </MemoryRouter>,
  );

describe('Log out everywhere', () => {
  it('asks the server to end every session, then signs this device out with the message', async () => {
    useSession.getState().signIn('tok', user());
    const calls: Array<{ auth: string | null; body: unknown }> = [];
    mockApi({
      ...emptyLists,
      'POST /api/auth/logout-all': ({ headers, body }) => {
        calls.push({ auth: headers.get('authorization'), body });
        return { message: MSG.sessionEndedEverywhere };
      },
    });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));

    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(calls).toEqual([{ auth: 'Bearer tok', body: {} }]);
    expect((await screen.findByTestId('session-ended')).textContent).toContain(MSG.sessionEndedEverywhere);
  });

  it('stays signed in and says why when the server refuses', async () => {
    useSession.getState().signIn('tok', user());
    mockApi({
      ...emptyLists,
      'POST /api/auth/logout-all': () =>
        json({ statusCode: 500, error: 'Internal Server Error', message: MSG.serverError }, 500),
    });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByText(MSG.serverError)).toBeTruthy();
    expect(useSession.getState().token).toBe('tok');
  });
});
