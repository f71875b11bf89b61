import '../../../i18n/admin-texts.ts';
import { MSG, type WithdrawalDetail } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { type Handler, json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { expectToast, render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { approved, ledgerEntry, withdrawalDetail } from '../../../test/wallet-fixtures.ts';
import { WithdrawalDetailPage } from './WithdrawalDetailPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

function renderDetail(id = 'w1') {
  return render(
    <MemoryRouter initialEntries={[`/app-panel/withdrawals/${id}`]}>
      <Routes>
        <Route path="/app-panel/withdrawals/:id" element={<WithdrawalDetailPage />} />
        <Route path="/app-panel/withdrawals" element={<p>withdrawals list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** GET /api/withdrawals/w1 answers `current()`; PUT …/status is recorded and answered by `decide`. */
function detailApi(current: () => WithdrawalDetail | Response, decide?: Handler) {
  const bodies: unknown[] = [];
  const spy = mockApi({
    'GET /api/withdrawals/w1': () => {
      const value = current();
      return value instanceof Response ? value : { withdrawal: value };
    },
    'PUT /api/withdrawals/w1/status': (request) => {
      bodies.push(request.body);
      return decide ? decide(request) : json({ message: 'Not found.' }, 404);
    },
  });
  return { bodies, spy };
}

const remarksBox = () => screen.getByRole('textbox', { name: 'Remarks' }) as HTMLTextAreaElement;
const dd = (testId: string, label: string) =>
  within(screen.getByTestId(testId)).getByText(label).nextElementSibling?.textContent;

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

describe('withdrawal detail', () => {
  it('shows the transaction, both bank details, the history and the debit-at-request hint', async () => {
    detailApi(() =>
      withdrawalDetail({ userBank: { ...withdrawalDetail().bank, bankAccountNumber: '999988887777' } }),
    );
    renderDetail();
    await screen.findByTestId('withdrawal-transaction');
    expect(dd('withdrawal-transaction', 'Transaction number')).toBe('WD20250301ABC');
    expect(dd('withdrawal-transaction', 'Amount')).toBe('₹2,500.00');
    expect(dd('withdrawal-transaction', 'Charge')).toBe('₹0.00');
    expect(dd('withdrawal-transaction', 'Method')).toBe('Bank transfer');
    expect(dd('withdrawal-transaction', 'Status')).toBe('Pending');
    expect(dd('withdrawal-transaction', 'Decided')).toBe('—');
    expect(dd('request-bank', 'Account number')).toBe('123456789012');
    expect(dd('user-bank', 'Account number')).toBe('999988887777');
    expect(dd('user-bank', 'IFSC code')).toBe('SBIN0001234');
    expect(screen.getByText(/has changed their bank details since this request/)).toBeTruthy();
    expect(within(screen.getByTestId('withdrawal-history')).getByText('Requested')).toBeTruthy();
    // INTEGRITY §3: the amount left the balance at request; approving moves nothing more.
    const hint = within(screen.getByTestId('withdrawal-decision')).getByText(/already debited/);
    expect(hint.textContent).toContain('₹2,500.00 was already debited from the user’s balance');
    expect(hint.textContent).toContain('rejecting returns ₹2,500.00');
    expect(screen.queryByTestId('ledger-entry')).toBeNull();
  });

  it('requires remarks before approving or rejecting, and sends nothing without them', async () => {
    const { bodies } = detailApi(() => withdrawalDetail());
    renderDetail();
    await screen.findByRole('textbox', { name: 'Remarks' });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Remarks are required.');
    fireEvent.change(remarksBox(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alert').textContent).toBe('Remarks are required.');
    expect(bodies).toEqual([]);
  });

  it('approves with { status, remarks }, then shows the ledger entry card', async () => {
    const { bodies } = detailApi(
      () => withdrawalDetail(),
      () => ({ withdrawal: approved('Paid by NEFT'), message: MSG.withdrawalApproved }),
    );
    renderDetail();
    await screen.findByRole('textbox', { name: 'Remarks' });
    fireEvent.change(remarksBox(), { target: { value: '  Paid by NEFT ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await expectToast('Withdrawal approved.');
    expect(bodies).toEqual([{ status: 'approved', remarks: 'Paid by NEFT' }]);
    expect(screen.queryByRole('textbox', { name: 'Remarks' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByTestId('withdrawal-remarks').textContent).toBe('Paid by NEFT');
    expect(dd('ledger-entry', 'Entry ID')).toBe('le-1');
  });

  it('rejects with { status: rejected, remarks }', async () => {
    const { bodies } = detailApi(
      () => withdrawalDetail(),
      () => ({
        withdrawal: withdrawalDetail({
          status: 'rejected',
          remarks: 'Account closed',
          ledgerEntry: ledgerEntry(),
          returnEntry: ledgerEntry({
            id: 'le-2',
            type: 'withdrawal_return',
            direction: 'credit',
            balanceAfter: 10000,
          }),
        }),
        message: MSG.withdrawalRejected,
      }),
    );
    renderDetail();
    await screen.findByRole('textbox', { name: 'Remarks' });
    fireEvent.change(remarksBox(), { target: { value: 'Account closed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await expectToast('Withdrawal rejected.');
    expect(bodies).toEqual([{ status: 'rejected', remarks: 'Account closed' }]);
    expect(dd('return-entry', 'Direction')).toBe('Credit');
    expect(dd('return-entry', 'Balance after')).toBe('₹10,000.00');
  });

  it('ignores a second decision while the first is saving', async () => {
    let release: () => void = () => {};
    const { bodies } = detailApi(
      () => withdrawalDetail(),
      () =>
        new Promise((resolve) => {
          release = () => resolve({ withdrawal: approved(), message: MSG.withdrawalApproved });
        }),
    );
    renderDetail();
    await screen.findByRole('textbox', { name: 'Remarks' });
    fireEvent.change(remarksBox(), { target: { value: 'Paid by NEFT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true),
    );
    release();
    await screen.findByTestId('ledger-entry');
    expect(bodies).toHaveLength(1);
  });

  it('says Forbidden (403) - admin access required. when a 403 carries no message', async () => {
    detailApi(
      () => withdrawalDetail(),
      () => new Response('', { status: 403 }),
    );
    renderDetail();
    await screen.findByRole('textbox', { name: 'Remarks' });
    fireEvent.change(remarksBox(), { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Forbidden (403) - admin access required.');
  });

  it('shows the server message first, and what the request is now (409: decided elsewhere)', async () => {
    let current = withdrawalDetail();
    detailApi(
      () => current,
      () => {
        current = approved('Paid by another admin');
        return json({ message: MSG.requestAlreadyDecided }, 409);
      },
    );
    renderDetail();
    await screen.findByRole('textbox', { name: 'Remarks' });
    fireEvent.change(remarksBox(), { target: { value: 'Paid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByTestId('ledger-entry');
    expect(screen.getByRole('alert').textContent).toBe(MSG.requestAlreadyDecided);
    expect(screen.getByTestId('withdrawal-remarks').textContent).toBe('Paid by another admin');
  });

  it('says Failed to load withdrawal. with the 404 text and Not found when nothing loads', async () => {
    detailApi(() => new Response('', { status: 404 }));
    renderDetail();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load withdrawal.')).toBeTruthy();
    expect(within(alert).getByText('Not found (404) - record may have been removed.')).toBeTruthy();
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says 401 and other failures in the spec words', async () => {
    detailApi(() => new Response('', { status: 401 }));
    renderDetail();
    expect(await screen.findByText('Unauthorized (401) - please log in again.')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    detailApi(() => new Response('', { status: 500 }));
    renderDetail();
    expect(await screen.findByText('Server error - try again.')).toBeTruthy();
  });

  it('shows the ledger entry card of an approved withdrawal, without decision buttons', async () => {
    detailApi(() => approved('Paid by NEFT'));
    renderDetail();
    await screen.findByTestId('ledger-entry');
    const card = screen.getByTestId('ledger-entry');
    expect(within(card).getByRole('heading', { name: 'Ledger entry' })).toBeTruthy();
    expect(dd('ledger-entry', 'Entry ID')).toBe('le-1');
    expect(dd('ledger-entry', 'Type')).toBe('withdrawal');
    expect(dd('ledger-entry', 'Direction')).toBe('Debit');
    expect(dd('ledger-entry', 'Amount')).toBe('₹2,500.00');
    expect(dd('ledger-entry', 'Balance after')).toBe('₹7,500.00');
    expect(dd('withdrawal-transaction', 'Decided')).not.toBe('—');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByTestId('return-entry')).toBeNull();
  });

  it('reloads a pending withdrawal when admin:badges says something was decided', async () => {
    let current = withdrawalDetail();
    detailApi(() => current);
    renderDetail();
    await screen.findByRole('textbox', { name: 'Remarks' });
    current = approved('Paid by another admin');
    act(() => server().serverEmit('admin:badges', { pendingTopups: 0, pendingWithdrawals: 0 }));
    // The reload is a render and a request: past findBy's default second on a loaded CI machine.
    await screen.findByTestId('ledger-entry', undefined, { timeout: 5_000 });
  });

  it('goes back to the list with Back', async () => {
    detailApi(() => withdrawalDetail());
    renderDetail();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('withdrawals list')).toBeTruthy();
  });
});
