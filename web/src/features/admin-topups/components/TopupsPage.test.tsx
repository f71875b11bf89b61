import '../../../i18n/admin-texts.ts';
import { type AdminTopup, MSG } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { type Handler, json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { TopupsPage } from './TopupsPage.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

function topup(overrides: Partial<AdminTopup> = {}): AdminTopup {
  const id = overrides.id ?? 't1';
  return {
    id,
    amount: 150000,
    currency: 'INR',
    status: 'pending',
    remarks: null,
    voucherUrl: `/api/topups/${id}/voucher`,
    voucherType: 'image/png',
    createdAt: '2025-03-01T10:00:00.000Z',
    decidedAt: null,
    user: { id: 'u1', firstName: 'Asha', lastName: 'Verma', username: 'asha', email: 'asha@example.com' },
    ...overrides,
  };
}

const listOf = (items: AdminTopup[], pages = 1, page = 1) => ({
  items,
  pagination: { total: items.length, page, limit: 20, pages },
});

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPage(path = '/app-panel/topups') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/app-panel/topups"
          element={
            <>
              <TopupsPage />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const voucher = () =>
  new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png' } });

/** The top-up routes: `list` answers GET /api/topups; every query is recorded. */
function topupsApi(list: (q: URLSearchParams) => unknown, extra: Record<string, Handler> = {}) {
  const queries: URLSearchParams[] = [];
  const spy = mockApi({
    'GET /api/topups': ({ url }) => {
      queries.push(url.searchParams);
      return list(url.searchParams);
    },
    'GET /api/topups/t1/voucher': () => voucher(),
    'GET /api/topups/t2/voucher': () => voucher(),
    ...extra,
  });
  return { queries, spy };
}

/** One pending top-up whose rejection succeeds; returns the bodies the reject calls sent. */
function rejectApi() {
  const bodies: unknown[] = [];
  topupsApi(() => listOf([topup()]), {
    'PUT /api/topups/t1/reject': ({ body }) => {
      bodies.push(body);
      return { topup: topup({ status: 'rejected' }), message: MSG.requestRejected };
    },
  });
  return bodies;
}

const bodyRows = () => screen.getAllByRole('row').slice(1);
const callsTo = (spy: ReturnType<typeof mockApi>, method: string, path: string) =>
  spy.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path,
  );

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  localStorage.clear();
  storage.set(STORAGE_KEYS.token, 'admin-token');
  useSession.setState({
    token: 'admin-token',
    user: user({ role: 'admin', isAdmin: true }),
    status: 'ready',
  });
  URL.createObjectURL = vi.fn(() => 'blob:voucher');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('top-up requests list', () => {
  it('lists pending requests by default, 20 a page, with user, amount, status, voucher and actions', async () => {
    const { queries, spy } = topupsApi(() => listOf([topup()]));
    renderPage();
    await screen.findByText('Asha Verma');
    expect(queries[0]?.get('status')).toBe('pending');
    expect(queries[0]?.get('limit')).toBe('20');
    expect(queries[0]?.get('page')).toBe('1');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'User',
      'Amount',
      'Status',
      'Voucher',
      'When',
      'Action',
    ]);
    const [row] = bodyRows();
    const cells = within(row!).getAllByRole('cell');
    expect(cells[0]?.textContent).toContain('asha · asha@example.com');
    expect(cells[1]?.textContent).toBe('₹1,50,000.00');
    expect(cells[2]?.textContent).toBe('Pending');
    expect(within(row!).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(row!).getByRole('button', { name: 'Reject' })).toBeTruthy();

    // The voucher is fetched with the admin's token, then shown from an object URL.
    const thumb = await screen.findByRole('button', { name: 'View voucher of Asha Verma' });
    const [voucherCall] = callsTo(spy, 'GET', '/api/topups/t1/voucher');
    expect(new Headers(voucherCall?.[1]?.headers).get('authorization')).toBe('Bearer admin-token');
    fireEvent.click(thumb);
    const viewer = screen.getByRole('dialog', { name: 'Voucher: ₹1,50,000.00 from Asha Verma' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('blob:voucher');

    cleanup();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:voucher');
  });

  it('filters by status through the URL and sends the status asked for', async () => {
    const { queries } = topupsApi((q) =>
      listOf(
        q.get('status') === 'approved'
          ? [topup({ status: 'approved', decidedAt: '2025-03-02T10:00:00Z' })]
          : [],
      ),
    );
    renderPage();
    await screen.findByText('No data');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'approved' } });
    await screen.findByText('Approved', { selector: '.badge' });
    expect(queries.map((q) => q.get('status'))).toEqual(['pending', 'approved']);
    expect(screen.getByTestId('location').textContent).toBe('/app-panel/topups?status=approved');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('all'));
  });

  it('reads status and page from the URL and pages with Prev/Next and page / total', async () => {
    const { queries } = topupsApi((q) => listOf([topup()], 3, Number(q.get('page'))));
    renderPage('/app-panel/topups?status=rejected&page=2');
    await screen.findByText('2 / 3');
    expect(queries[0]?.get('status')).toBe('rejected');
    expect(queries[0]?.get('page')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('3'));
    expect(screen.getByTestId('location').textContent).toBe('/app-panel/topups?status=rejected&page=3');
  });

  it('says Failed to load top-ups and shows an empty list when the list cannot load', async () => {
    topupsApi(() => json({ message: 'boom' }, 500));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load top-ups');
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('shows Failed to load voucher image when the voucher cannot be fetched', async () => {
    topupsApi(() => listOf([topup()]), { 'GET /api/topups/t1/voucher': () => json({}, 403) });
    renderPage();
    expect(await screen.findByText('Failed to load voucher image')).toBeTruthy();
  });

  it('shows a new request when admin:badges arrives, without a reload', async () => {
    let items = [topup()];
    const { queries } = topupsApi(() => listOf(items));
    renderPage();
    await screen.findByText('Asha Verma');
    items = [topup({ id: 't2', user: { ...topup().user, firstName: 'Ravi', lastName: 'Kumar' } }), ...items];
    act(() => server().serverEmit('admin:badges', { pendingTopups: 2, pendingWithdrawals: 0 }));
    await screen.findByText('Ravi Kumar');
    expect(queries).toHaveLength(2);
    expect(bodyRows()).toHaveLength(2);
  });
});

describe('deciding a top-up', () => {
  it('approves with an empty PUT, shows Request approved. for 3 seconds and reloads the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let decided = false;
    const { queries, spy } = topupsApi(() => listOf(decided ? [] : [topup()]), {
      'PUT /api/topups/t1/approve': () => {
        decided = true;
        return { topup: { ...topup(), status: 'approved' }, message: MSG.requestApproved };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByTestId('toast')).textContent).toBe('Request approved.');
    const [call] = callsTo(spy, 'PUT', '/api/topups/t1/approve');
    expect(call?.[1]?.body).toBeUndefined();
    await screen.findByText('No data');
    expect(queries.length).toBeGreaterThanOrEqual(2);

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('ignores a second click while the first approval is saving', async () => {
    let release: () => void = () => {};
    const { spy } = topupsApi(() => listOf([topup()]), {
      'PUT /api/topups/t1/approve': () =>
        new Promise((resolve) => {
          release = () => resolve({ topup: topup({ status: 'approved' }), message: MSG.requestApproved });
        }),
    });
    renderPage();
    const approve = await screen.findByRole('button', { name: 'Approve' });
    fireEvent.click(approve);
    fireEvent.click(approve);
    await waitFor(() => expect((approve as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(approve);
    release();
    await screen.findByText('Request approved.');
    expect(callsTo(spy, 'PUT', '/api/topups/t1/approve')).toHaveLength(1);
  });

  it('opens a reason dialog prefilled with Rejected and sends what the admin wrote', async () => {
    const bodies = rejectApi();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject top-up' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement;
    expect(reason.value).toBe('Rejected');
    fireEvent.change(reason, { target: { value: 'Voucher is unreadable' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await screen.findByTestId('toast')).textContent).toBe('Request rejected.');
    expect(bodies).toEqual([{ remarks: 'Voucher is unreadable' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the default reason Rejected when the admin keeps it or clears it', async () => {
    const bodies = rejectApi();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    let dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Request rejected.');

    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([{ remarks: 'Rejected' }, { remarks: 'Rejected' }]);
  });

  it('shows the server message when the request was already decided (409)', async () => {
    topupsApi(() => listOf([topup()]), {
      'PUT /api/topups/t1/approve': () => json({ message: MSG.requestAlreadyDecided }, 409),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.requestAlreadyDecided);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('says Action failed when the server sends no message, inside the reason dialog', async () => {
    topupsApi(() => listOf([topup()]), {
      'PUT /api/topups/t1/reject': () => new Response('', { status: 502 }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Action failed');
  });
});
