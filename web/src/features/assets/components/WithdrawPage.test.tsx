import '../../../i18n/index.ts';
import { MSG } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { type Handler, json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { paged, withdrawal } from '../../../test/wallet-fixtures.ts';
import { WithdrawPage } from './AssetPages.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

const BANK = {
  accountHolderName: 'Meera Nair',
  bankAccountNumber: '123456789012',
  bankName: 'State Bank of India',
  ifscCode: 'SBIN0001234',
};

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  useSession.setState({ token: 'tok', user: user({ balance: 2500 }), status: 'ready' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/assets/withdraw']}>
      <WithdrawPage />
    </MemoryRouter>,
  );

type Sent = { body: unknown; key: string | null };

function withdrawApi(extra: Record<string, Handler> = {}) {
  const sent: Sent[] = [];
  const spy = mockApi({
    'GET /api/auth/me': () => ({ user: useSession.getState().user }),
    'GET /api/withdrawals/my': () => paged([]),
    'POST /api/withdrawals': ({ body, headers }) => {
      sent.push({ body, key: headers.get('idempotency-key') });
      const amount = (body as { amount: number }).amount;
      return json(
        {
          withdrawal: withdrawal({ amount }),
          balances: { real: 2500 - amount, practice: 100_000 },
          message: MSG.withdrawalSubmitted,
        },
        201,
      );
    },
    ...extra,
  });
  return { spy, sent };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

describe('withdrawal form', () => {
  it('needs the bank details when the profile has none', async () => {
    const { sent } = withdrawApi();
    renderPage();
    expect(screen.getByTestId('withdraw-available').textContent).toBe('₹2,500.00');
    fill('Amount', '1000');
    confirm();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.withdrawalBankRequired);

    fill('Account holder name', 'Meera Nair');
    fill('Bank name', 'State Bank of India');
    confirm();
    expect(screen.getByRole('alert').textContent).toBe(MSG.withdrawalBankRequired);
    expect(sent).toHaveLength(0);
  });

  it('says Enter a valid amount. first', async () => {
    const { sent } = withdrawApi();
    renderPage();
    confirm();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.tradeAmountInvalid);
    fill('Amount', '0');
    confirm();
    expect(screen.getByRole('alert').textContent).toBe(MSG.tradeAmountInvalid);
    expect(sent).toHaveLength(0);
  });

  it('checks the bank fields with the bank form rules and the amount against the available balance', async () => {
    useSession.setState({ user: user({ balance: 2500, freezAmount: 2000, ...BANK }) });
    const { sent } = withdrawApi();
    renderPage();
    expect(screen.getByTestId('withdraw-available').textContent).toBe('₹500.00');
    fill('Amount', '600');
    confirm();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.withdrawalAboveAvailable);
    fill('IFSC code', 'bad');
    confirm();
    expect(screen.getByRole('alert').textContent).toBe(MSG.ifscInvalid);
    expect(sent).toHaveLength(0);
  });

  it('sends the bank details entered now with the amount, an Idempotency-Key, and shows the debit at once', async () => {
    const { sent } = withdrawApi();
    renderPage();
    fill('Account holder name', BANK.accountHolderName);
    fill('Account number', BANK.bankAccountNumber);
    fill('Bank name', BANK.bankName);
    fill('IFSC code', 'sbin0001234');
    fill('Amount', '1000');
    confirm();
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.withdrawalSubmitted);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      { body: { amount: 1000, method: 'bank', ...BANK }, key: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    expect(useSession.getState().user).toMatchObject({ balance: 1500, ...BANK });
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('withdraw-available').textContent).toBe('₹1,500.00');
  });

  it('prefills the saved bank details and then sends only the amount', async () => {
    useSession.setState({ user: user({ balance: 2500, ...BANK }) });
    const { sent } = withdrawApi();
    renderPage();
    expect((screen.getByLabelText('Account holder name') as HTMLInputElement).value).toBe(
      BANK.accountHolderName,
    );
    expect((screen.getByLabelText('IFSC code') as HTMLInputElement).value).toBe(BANK.ifscCode);
    fill('Amount', '250.50');
    confirm();
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.withdrawalSubmitted);
    expect(sent.map((s) => s.body)).toEqual([{ amount: 250.5, method: 'bank' }]);
  });

  it('shows the server message, else Failed to submit., and a retry keeps its key', async () => {
    useSession.setState({ user: user({ balance: 2500, ...BANK }) });
    const keys: Array<string | null> = [];
    let answer = json({ statusCode: 400, error: 'Bad Request', message: MSG.withdrawalAboveAvailable }, 400);
    withdrawApi({
      'POST /api/withdrawals': ({ headers }) => {
        keys.push(headers.get('idempotency-key'));
        return answer;
      },
    });
    renderPage();
    fill('Amount', '100');
    confirm();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.withdrawalAboveAvailable);
    answer = json({}, 500);
    confirm();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(WEB_MSG.withdrawalSubmitFailed));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows the message of the cap on pending withdrawals (409)', async () => {
    useSession.setState({ user: user({ balance: 2500, ...BANK }) });
    const message = MSG.withdrawalsPendingTooMany;
    withdrawApi({
      'POST /api/withdrawals': () => json({ statusCode: 409, error: 'Conflict', message }, 409),
    });
    renderPage();
    fill('Amount', '100');
    confirm();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('says Failed to load bank details. when the profile cannot be loaded', async () => {
    withdrawApi({ 'GET /api/auth/me': () => json({}, 500) });
    renderPage();
    expect(await screen.findByText(WEB_MSG.bankLoadFailed)).toBeTruthy();
  });
});

describe('My Withdrawals', () => {
  it('lists trx number, amount, status and date, and opens the history with times and remarks', async () => {
    const rejected = withdrawal({
      trxNumber: 'WD7781',
      status: 'rejected',
      remarks: 'Account name does not match',
      history: [
        { status: 'pending', at: '2025-01-02T10:00:00.000Z', remarks: null },
        { status: 'rejected', at: '2025-01-02T11:30:00.000Z', remarks: 'Account name does not match' },
      ],
    });
    withdrawApi({ 'GET /api/withdrawals/my': () => paged([rejected]) });
    renderPage();
    const list = await screen.findByTestId('my-withdrawals');
    await within(list).findByText('WD7781');
    expect(within(list).getByText('₹1,000.00')).toBeTruthy();
    expect(within(list).getByText('Rejected')).toBeTruthy();

    const toggle = within(list).getByRole('button', { name: 'Show history of WD7781' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const history = within(list).getByRole('list');
    const steps = within(history).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[1]?.textContent).toContain('Rejected');
    expect(steps[1]?.textContent).toContain('Remarks: Account name does not match');
    expect(steps[1]?.querySelector('time')?.getAttribute('dateTime')).toBe('2025-01-02T11:30:00.000Z');
    fireEvent.click(within(list).getByRole('button', { name: 'Hide history of WD7781' }));
    expect(within(list).queryByRole('list')).toBeNull();
  });

  it('asks with limit 5 and the status filter, and follows withdrawal:updated live', async () => {
    const item = withdrawal();
    const queries: URLSearchParams[] = [];
    withdrawApi({
      'GET /api/withdrawals/my': ({ url }) => {
        queries.push(url.searchParams);
        return paged([item]);
      },
    });
    renderPage();
    const list = await screen.findByTestId('my-withdrawals');
    await within(list).findByText('Pending');
    expect(queries[0]?.get('limit')).toBe('5');
    act(() =>
      server().serverEmit('withdrawal:updated', {
        withdrawal: {
          ...item,
          status: 'approved',
          history: [...item.history, { status: 'approved', at: item.createdAt, remarks: 'Paid' }],
        },
      }),
    );
    expect(within(list).getByText('Approved')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('pending'));
  });

  it('says Failed to load your withdrawals. when the list cannot be loaded', async () => {
    withdrawApi({ 'GET /api/withdrawals/my': () => json({ message: 'boom' }, 500) });
    renderPage();
    expect(await screen.findByText(WEB_MSG.withdrawalsLoadFailed)).toBeTruthy();
  });
});
