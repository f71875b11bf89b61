import '../../../i18n/index.ts';
import { MSG, TIMINGS, VOUCHER_MAX_BYTES } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { paged, stubObjectUrls, topup } from '../../../test/wallet-fixtures.ts';
import { TopupPage } from './AssetPages.tsx';

const h = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('../../../lib/socket.ts', async (importOriginal) =>
  (await import('../../../test/socket-mock.ts')).socketModuleMock(importOriginal, h),
);
const server = () => serverOf(h);

const png = (name = 'payment.png', size = 1024) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeAll(() => {
  realtime.start(null);
  server().accept();
});

beforeEach(() => {
  stubObjectUrls();
  localStorage.setItem('token', 'tok');
  useSession.setState({ token: 'tok', user: user({ balance: 1500, freezAmount: 200 }), status: 'ready' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/assets/topup']}>
      <TopupPage />
    </MemoryRouter>,
  );
}

/** The page's API; POST /api/topups answers with `post` (the test reads the request from the spy). */
function topupApi(options: { items?: ReturnType<typeof topup>[]; post?: () => unknown } = {}) {
  const lists: URLSearchParams[] = [];
  let items = options.items ?? [];
  const spy = mockApi({
    'GET /api/auth/me': () => ({ user: useSession.getState().user }),
    'GET /api/topups/my': ({ url }) => {
      lists.push(url.searchParams);
      const status = url.searchParams.get('status');
      const rows = status ? items.filter((x) => x.status === status) : items;
      return paged(rows);
    },
    'POST /api/topups': () => {
      // Each request is a row with an id of its own, as the server gives.
      const created = topup();
      items = [created, ...items];
      return options.post ? options.post() : json({ topup: created, message: MSG.topupSent }, 201);
    },
  });
  const posts = () =>
    spy.mock.calls
      .filter(([input, init]) => String(input) === '/api/topups' && init?.method === 'POST')
      .map(([, init]) => ({ body: init?.body as FormData, headers: new Headers(init?.headers) }));
  return { spy, lists, posts };
}

const amountInput = () => screen.getByLabelText('Amount');
const voucherInput = () => screen.getByLabelText('Voucher');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
const choose = (file: File) => fireEvent.change(voucherInput(), { target: { files: [file] } });

describe('top-up form: the spec checks before anything is sent', () => {
  it('shows INR as the recharge type and the available assets (balance minus the hold)', async () => {
    topupApi();
    renderPage();
    expect((screen.getByLabelText('Recharge type') as HTMLInputElement).value).toBe('INR');
    expect(screen.getByTestId('topup-available').textContent).toBe('₹1,300.00');
    await screen.findByText('No data yet');
  });

  it('refuses an amount that is not above 0', async () => {
    const { posts } = topupApi();
    renderPage();
    choose(png());
    fireEvent.change(amountInput(), { target: { value: '0' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.topupAmountInvalid);
    fireEvent.change(amountInput(), { target: { value: '-5' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(MSG.topupAmountInvalid);
    expect(posts()).toHaveLength(0);
  });

  it('asks for the voucher when none is attached', async () => {
    const { posts } = topupApi();
    renderPage();
    fireEvent.change(amountInput(), { target: { value: '2500' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.voucherRequired);
    expect(posts()).toHaveLength(0);
  });

  it('refuses a file that is not an image', async () => {
    const { posts } = topupApi();
    renderPage();
    fireEvent.change(amountInput(), { target: { value: '2500' } });
    choose(new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.voucherNotImage);
    submit();
    expect(screen.getByRole('alert').textContent).toBe(MSG.voucherNotImage);
    expect(screen.queryByAltText('Preview of the selected image')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('refuses an image above 5 MB (5242880 bytes) and takes one of exactly 5 MB', async () => {
    const { posts } = topupApi();
    renderPage();
    fireEvent.change(amountInput(), { target: { value: '2500' } });
    choose(png('huge.png', VOUCHER_MAX_BYTES + 1));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.voucherTooLarge);
    expect(posts()).toHaveLength(0);

    choose(png('exact.png', VOUCHER_MAX_BYTES));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByAltText('Preview of the selected image').getAttribute('src')).toMatch(/^blob:/);
  });
});

describe('top-up submit', () => {
  it('sends multipart with amount, INR and the voucher, an Idempotency-Key, then resets the form', async () => {
    const { posts, lists } = topupApi();
    renderPage();
    await screen.findByText('No data yet');
    const file = png();
    fireEvent.change(amountInput(), { target: { value: '2500' } });
    choose(file);
    submit();
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);

    // The success is a toast for 3 seconds; nothing is left under the form.
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.topupSent);
    expect(screen.queryByRole('alert')).toBeNull();
    const sent = posts()[0];
    if (!sent) throw new Error('no top-up was posted');
    expect(sent.body).toBeInstanceOf(FormData);
    expect(sent.body.get('amount')).toBe('2500');
    expect(sent.body.get('currency')).toBe('INR');
    expect((sent.body.get('voucher') as File).name).toBe('payment.png');
    expect(sent.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.headers.get('authorization')).toBe('Bearer tok');
    expect(sent.headers.get('content-type')).toBeNull();

    // The form is empty again and My Top-ups shows the new request.
    expect((amountInput() as HTMLInputElement).value).toBe('');
    expect((voucherInput() as HTMLInputElement).files?.length ?? 0).toBe(0);
    const list = screen.getByTestId('my-topups');
    await waitFor(() => expect(within(list).getByText('Pending')).toBeTruthy());
    expect(lists.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server message, else Failed to submit top-up., and retries with the same key', async () => {
    let answer: Response = json({ statusCode: 400, error: 'Bad Request', message: MSG.voucherNotImage }, 400);
    const { posts } = topupApi({ post: () => answer });
    renderPage();
    fireEvent.change(amountInput(), { target: { value: '100' } });
    choose(png());
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.voucherNotImage);
    expect(screen.queryByTestId('toast')).toBeNull();

    answer = new Response('', { status: 502 });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(WEB_MSG.topupSubmitFailed));
    const keys = posts().map((p) => p.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    // A changed form is a new request: a new key.
    answer = json({ topup: topup(), message: MSG.topupSent }, 201);
    fireEvent.change(amountInput(), { target: { value: '150' } });
    submit();
    expect((await screen.findByTestId('toast')).textContent).toBe(MSG.topupSent);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posts()[2]?.headers.get('idempotency-key')).not.toBe(keys[0]);
  });
});

describe('top-up success toast', () => {
  it('shows Top-up request sent for review. as a toast for 3 seconds, not under the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    topupApi();
    renderPage();
    fireEvent.change(amountInput(), { target: { value: '2500' } });
    choose(png());
    submit();
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toBe(MSG.topupSent);
    const form = amountInput().closest('form');
    if (!form) throw new Error('the amount is outside a form');
    expect(within(form).queryByText(MSG.topupSent)).toBeNull();
    act(() => vi.advanceTimersByTime(TIMINGS.toastMs - 200));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(MSG.topupSent)).toBeNull();
  });
});

describe('top-up form: the limits the server sets', () => {
  it('shows the message of a rate (429) and of a cap (409)', async () => {
    const rate = `${MSG.topupsTooMany} Try again in 42 minutes.`;
    let answer = json({ statusCode: 429, error: 'Too Many Requests', message: rate }, 429);
    topupApi({ post: () => answer });
    renderPage();
    fireEvent.change(amountInput(), { target: { value: '100' } });
    choose(png());
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(rate);

    for (const message of [MSG.topupsPendingTooMany, MSG.voucherStorageFull]) {
      answer = json({ statusCode: 409, error: 'Conflict', message }, 409);
      submit();
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    }
  });
});

describe('My Top-ups', () => {
  it('lists amount, status, date and remarks with the voucher loaded with the token', async () => {
    const rejected = topup({ status: 'rejected', remarks: 'Amount does not match', amount: 125000 });
    const spy = mockApi({
      'GET /api/auth/me': () => ({ user: useSession.getState().user }),
      'GET /api/topups/my': () => paged([rejected]),
      [`GET ${rejected.voucherUrl}`]: () =>
        new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
    });
    renderPage();
    const list = await screen.findByTestId('my-topups');
    await waitFor(() => expect(within(list).getByText('Rejected')).toBeTruthy());
    expect(within(list).getByText('₹1,25,000.00')).toBeTruthy();
    expect(within(list).getByText('Amount does not match')).toBeTruthy();
    const thumb = await within(list).findByRole('button', {
      name: 'Open the image of the ₹1,25,000.00 request',
    });
    expect(thumb.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/);
    const voucherCall = spy.mock.calls.find(([input]) => String(input) === rejected.voucherUrl);
    expect(new Headers(voucherCall?.[1]?.headers).get('authorization')).toBe('Bearer tok');
  });

  it('says Failed to load voucher image. when the image cannot be fetched', async () => {
    const item = topup();
    mockApi({
      'GET /api/auth/me': () => ({ user: useSession.getState().user }),
      'GET /api/topups/my': () => paged([item]),
      [`GET ${item.voucherUrl}`]: () => json({ message: 'Not found.' }, 404),
    });
    renderPage();
    expect(await screen.findByText(WEB_MSG.voucherLoadFailed)).toBeTruthy();
  });

  it('filters by status, pages with Prev/Next and says Failed to load your top-ups. on failure', async () => {
    const queries: URLSearchParams[] = [];
    let fail = false;
    mockApi({
      'GET /api/auth/me': () => ({ user: useSession.getState().user }),
      'GET /api/topups/my': ({ url }) => {
        queries.push(url.searchParams);
        if (fail) return json({ message: 'boom' }, 500);
        return paged([topup()], 12, Number(url.searchParams.get('page')));
      },
    });
    renderPage();
    await waitFor(() => expect(queries).toHaveLength(1));
    expect([queries[0]?.get('page'), queries[0]?.get('limit'), queries[0]?.get('status')]).toEqual([
      '1',
      '5',
      null,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'approved' } });
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('approved'));
    expect(queries.at(-1)?.get('page')).toBe('1');

    fail = true;
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    expect((await screen.findByRole('alert')).textContent).toBe(WEB_MSG.topupsLoadFailed);
  });

  it('follows topup:updated live: a decision changes the row without a reload', async () => {
    const item = topup();
    const api = mockApi({
      'GET /api/auth/me': () => ({ user: useSession.getState().user }),
      'GET /api/topups/my': () => paged([item]),
    });
    renderPage();
    const list = await screen.findByTestId('my-topups');
    await waitFor(() => expect(within(list).getByText('Pending')).toBeTruthy());
    const calls = api.mock.calls.length;
    act(() =>
      server().serverEmit('topup:updated', {
        topup: { ...item, status: 'approved', decidedAt: item.createdAt },
      }),
    );
    expect(within(list).getByText('Approved')).toBeTruthy();
    expect(api.mock.calls.filter(([i]) => String(i).startsWith('/api/topups/my')).length).toBe(1);
    expect(api.mock.calls.length).toBe(calls);
  });
});
