import type { TradeList } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { user } from '../../test/api-router.ts';
import { settled, trade } from '../../test/fixtures.ts';
import { startedRealtime } from '../../test/socket-mock.ts';
import { useSession } from '../session/index.ts';
import { connectCache } from './cache-sync.ts';
import { createQueryClient } from './client.ts';
import { notificationKeys, tradeKeys, walletKeys } from './keys.ts';

function setup() {
  const { realtime, connection, server } = startedRealtime();
  const client = createQueryClient();
  const undo = connectCache(realtime, connection, client);
  return { client, server, undo };
}

const list = (items: TradeList['items']): TradeList => ({ items, total: items.length, page: 1, limit: 10 });
const running = { status: 'running', account: 'real', page: 1, limit: 10 } as const;
const closed = { status: 'completed', account: 'real', page: 1, limit: 10 } as const;

describe('socket events into the query cache', () => {
  it('trade:placed and trade:settled move the trade between the cached order tables', () => {
    const { client, server, undo } = setup();
    client.setQueryData(tradeKeys.list(running), list([]));
    client.setQueryData(tradeKeys.list(closed), list([]));
    const t = trade({ account: 'real' });

    server().serverEmit('trade:placed', { trade: t });
    expect(client.getQueryData<TradeList>(tradeKeys.list(running))?.items.map((x) => x.id)).toEqual([t.id]);

    const done = settled(t, { profit: 20 });
    server().serverEmit('trade:settled', { trade: done, balances: { real: 520, practice: 0 } });
    expect(client.getQueryData<TradeList>(tradeKeys.list(running))?.items).toEqual([]);
    expect(client.getQueryData<TradeList>(tradeKeys.list(closed))?.items).toEqual([done]);
    expect(client.getQueryData(tradeKeys.detail(t.id))).toEqual(done);
    undo();
  });

  it('a balance event marks the first page of the ledger stale and not the others', async () => {
    const { client, server, undo } = setup();
    const firstKey = walletKeys.transactions({ page: 1, type: 'all', currency: 'INR' });
    const secondKey = walletKeys.transactions({ page: 2, type: 'all', currency: 'INR' });
    const empty = (page: number) => ({ items: [], pagination: { total: 0, page, limit: 10, pages: 1 } });
    client.setQueryData(firstKey, empty(1));
    client.setQueryData(secondKey, empty(2));

    server().serverEmit('balance', { real: 1, practice: 2, reason: 'trade_stake' });
    await vi.waitFor(() => expect(client.getQueryState(firstKey)?.isInvalidated).toBe(true));
    expect(client.getQueryState(secondKey)?.isInvalidated).toBe(false);
    undo();
  });

  it('a reconnect marks everything cached as stale, since events may have been missed', async () => {
    const { client, server, undo } = setup();
    client.setQueryData(tradeKeys.recent(), []);
    server().drop('transport close');
    server().accept();
    await vi.waitFor(() => expect(client.getQueryState(tradeKeys.recent())?.isInvalidated).toBe(true));
    undo();
  });
});

describe('notification events into the query cache', () => {
  const fresh = {
    id: 'n1',
    type: 'credit',
    title: 'Top-up approved',
    body: '',
    data: {},
    read: false,
    createdAt: '2025-01-01T00:00:00.000Z',
  };

  it('a notification event sets the unread count and tops the first pages; a new user starts from nothing', () => {
    useSession.setState({ token: 'tok', user: user() });
    const { client, server, undo } = setup();
    const key = notificationKeys.list({ limit: 5, page: 1 });
    client.setQueryData(key, { items: [], pagination: { total: 0, page: 1, limit: 5, pages: 1 }, unread: 0 });
    server().serverEmit('notification', { notification: fresh, unread: 4 });
    expect(client.getQueryData(notificationKeys.unread())).toBe(4);
    expect(client.getQueryData<{ items: unknown[] }>(key)?.items).toEqual([fresh]);

    useSession.getState().signIn('tok2', user({ id: 'u2' }));
    expect(client.getQueryData(notificationKeys.unread())).toBeUndefined();
    undo();
    useSession.setState({ token: null, user: null });
  });
});
