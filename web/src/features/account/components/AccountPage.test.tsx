import '../../../i18n/index.ts';
import { MSG, TIMINGS } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionEndedNotice } from '../../../components/SessionEndedNotice.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
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
  vi.useRealTimers();
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

const BANK = {
  accountHolderName: 'Asha Rao',
  bankAccountNumber: '123456789012',
  bankName: 'State Bank',
  ifscCode: 'SBIN0001234',
};

function fillBank(dialog: HTMLElement) {
  const fill = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  fill('Account holder name', BANK.accountHolderName);
  fill('Account number', BANK.bankAccountNumber);
  fill('Bank name', BANK.bankName);
  fill('IFSC code', BANK.ifscCode);
}

describe('account successes are toasts, errors stay in the form', () => {
  it('saves bank details with a 3-second toast; a refusal stays in the dialog', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = json({ statusCode: 500, error: 'Internal Server Error' }, 500);
    useSession.getState().signIn('tok', user());
    mockApi({ ...emptyLists, 'PUT /api/user/me/bank': () => answer });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Bank Details' }));
    const dialog = await screen.findByRole('dialog');
    fillBank(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(WEB_MSG.bankSaveFailed);
    expect(screen.queryByTestId('toast')).toBeNull();

    answer = json({ user: user(BANK), message: MSG.bankSaved });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.bankSaved);
    expect(within(dialog).queryByText(MSG.bankSaved)).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(TIMINGS.toastMs - 200));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('keeps Password changed successfully. in view as a toast after the dialog closes', async () => {
    useSession.getState().signIn('tok', user());
    mockApi({
      ...emptyLists,
      'PUT /api/auth/change-password': () => ({ message: MSG.passwordChanged, token: 'tok-2' }),
    });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Current password'), {
      target: { value: 'old-secret-1' },
    });
    fireEvent.change(within(dialog).getByLabelText('New password'), {
      target: { value: 'Quiet-Harbour-Lantern-42' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.passwordChanged);
    // The dialog closes a moment later; the toast stays.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('toast').textContent).toBe(MSG.passwordChanged);
  });
});
