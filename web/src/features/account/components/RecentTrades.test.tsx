import '../../../i18n/index.ts';
import type { Trade } from '@app/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { settled, trade } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { serverOf } from '../../../test/socket-mock.ts';
import { recentTradesOf } from '../api/get-recent-trades.ts';
import { PracticeBalance } from './PracticeBalance.tsx';
import { RecentTrades } from './RecentTrades.tsx';

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
  useSession.setState({ token: 'tok', user: user({ practiceBalance: 12_345 }), status: 'ready' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A trade-log page as the gateway sends it. */
const tradeLog = (items: Trade[]) => ({
  items: items.map((t) => ({ ...t, userId: 'u1', username: 'asha' })),
  total: items.length,
  page: 1,
  limit: 5,
});

const renderIn = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('account dashboard: Recent Trades (5)', () => {
  it('asks for my last five trades, newest first, and says so when there are none', async () => {
    const urls: URL[] = [];
    mockApi({
      'GET /api/trade-log': ({ url }) => {
        urls.push(url);
        return { items: [], total: 0, page: 1, limit: 5 };
      },
    });
    renderIn(<RecentTrades />);
    expect(await screen.findByText('No trades yet.')).toBeTruthy();
    const q = urls[0]?.searchParams;
    expect([q?.get('mine'), q?.get('limit'), q?.get('page'), q?.get('sort')]).toEqual([
      'true',
      '5',
      '1',
      '-createdAt',
    ]);
  });

  it('lists the trades and reloads when one is placed or settled', async () => {
    const t = trade({ account: 'practice' });
    let items = [settled(trade({ account: 'real' }), { profit: 20 })];
    const api = mockApi({ 'GET /api/trade-log': () => tradeLog(items) });
    renderIn(<RecentTrades />);
    const table = await screen.findByTestId('recent-trades');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('+₹20.00')).toBeTruthy();

    items = [t, ...items];
    act(() => server().serverEmit('trade:placed', { trade: t }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Running')).toBeTruthy();
    expect(within(table).getByText('Practice')).toBeTruthy();
    expect(api.mock.calls.length).toBe(2);
  });

  it('keeps at most five rows of the trade log', () => {
    const items = Array.from({ length: 7 }, (_, i) => ({
      ...trade({ id: `l${i}` }),
      userId: 'u1',
      username: 'asha',
    }));
    const rows = recentTradesOf({ items });
    expect(rows).toHaveLength(5);
    expect(rows[0]?.outcome).toBe('running');
    expect(recentTradesOf({ items: [] })).toEqual([]);
  });
});

describe('account dashboard: practice balance', () => {
  it('resets the practice balance and shows the new one', async () => {
    mockApi({ 'POST /api/user/me/practice/reset': () => ({ balances: { real: 500, practice: 100_000 } }) });
    renderIn(<PracticeBalance />);
    expect(screen.getByTestId('practice-balance').textContent).toBe('₹12,345.00');
    fireEvent.click(screen.getByRole('button', { name: 'Reset practice balance' }));
    expect(await screen.findByText('Practice balance reset to ₹1,00,000.00.')).toBeTruthy();
    expect(screen.getByTestId('practice-balance').textContent).toBe('₹1,00,000.00');
  });

  it('shows the server message when the reset fails', async () => {
    mockApi({
      'POST /api/user/me/practice/reset': () =>
        json({ message: 'Too many attempts. Please wait a minute and try again.' }, 429),
    });
    renderIn(<PracticeBalance />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset practice balance' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(screen.getByTestId('practice-balance').textContent).toBe('₹12,345.00');
  });
});
