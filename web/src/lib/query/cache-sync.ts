import {
  type Notification as AppNotification,
  adminBadgesSchema,
  type MoneyAccount,
  type Pagination,
  type TradeList,
  tradingHaltStateSchema,
  type WalletRequestStatus,
} from '@app/shared';
import type { Query, QueryClient } from '@tanstack/react-query';
import { withoutSettled, withPlaced, withSettled } from '../order-lists.ts';
import type { ConnectionStore } from '../realtime/connection-store.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { patchPage } from '../request-status.ts';
import { useSession } from '../session/index.ts';
import type { StatusFilter } from '../status-filter.ts';
import {
  adminKeys,
  infoKeys,
  notificationKeys,
  topupKeys,
  tradeKeys,
  walletKeys,
  withdrawalKeys,
} from './keys.ts';

type Paged<T> = { items: T[] };
type WalletRequest = { id: string; status: WalletRequestStatus };
type TradeFilter = { status: 'running' | 'completed'; account: MoneyAccount };
type NotificationPage = { items: AppNotification[]; pagination: Pagination; unread: number };

/** The filter object a list key ends with. */
const filterOf = <F>(query: Query): F | undefined => query.queryKey[query.queryKey.length - 1] as F;

const firstPage = (query: Query) => (filterOf<{ page?: number }>(query)?.page ?? 1) === 1;

/**
 * A live update of one of my requests: a request already listed is replaced where it is,
 * every other page is fetched again (a new request, one that left the filter), so totals and
 * paging stay right.
 */
function applyRequest<T extends WalletRequest>(client: QueryClient, lists: readonly unknown[], next: T) {
  for (const query of client.getQueryCache().findAll({ queryKey: lists })) {
    const data = query.state.data as Paged<T> | undefined;
    const status = filterOf<{ status: StatusFilter }>(query)?.status ?? 'all';
    const patched = data ? patchPage(data.items, next, status) : null;
    if (patched) client.setQueryData<Paged<T>>(query.queryKey, { ...(data as Paged<T>), items: patched });
    else void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** `trade:placed` / `trade:settled` on every cached order table (see order-lists.ts). */
function applyToTradeLists(client: QueryClient, change: (list: TradeList, filter: TradeFilter) => TradeList) {
  for (const query of client.getQueryCache().findAll({ queryKey: tradeKeys.lists() })) {
    const filter = filterOf<TradeFilter>(query);
    const data = query.state.data as TradeList | undefined;
    if (filter && data) client.setQueryData<TradeList>(query.queryKey, change(data, filter));
  }
}

/** A new notification on top of every cached first page (the bell's too), then fetched again. */
function applyNotification(client: QueryClient, notification: AppNotification, unread: number) {
  client.setQueryData(notificationKeys.unread(), unread);
  for (const query of client
    .getQueryCache()
    .findAll({ queryKey: notificationKeys.lists(), predicate: firstPage })) {
    const { limit } = filterOf<{ limit: number }>(query) ?? { limit: 1 };
    const data = query.state.data as NotificationPage | undefined;
    const rest = (data?.items ?? []).filter((n) => n.id !== notification.id);
    const total = (data?.pagination.total ?? 0) + 1;
    client.setQueryData<NotificationPage>(query.queryKey, {
      items: [notification, ...rest].slice(0, limit),
      pagination: { total, page: 1, limit, pages: Math.max(1, Math.ceil(total / limit)) },
      unread,
    });
  }
  void client.invalidateQueries({ queryKey: notificationKeys.lists(), predicate: firstPage });
}

/**
 * Socket events into the server-state cache: what an event carries is written in place, what
 * it only announces is fetched again (active queries only), and after a reconnect everything
 * on screen is fetched again, since events may have been missed. (The balances themselves
 * travel with the signed-in user: lib/balance-sync.ts.) Returns the undo.
 */
export function connectCache(
  source: Pick<Realtime, 'on'>,
  connection: ConnectionStore,
  client: QueryClient,
): () => void {
  const offs = [
    source.on('trade:placed', ({ trade }) => {
      applyToTradeLists(client, (list, f) =>
        f.status === 'running' ? withPlaced(list, trade, f.account) : list,
      );
      void client.invalidateQueries({ queryKey: tradeKeys.recent() });
    }),
    source.on('trade:settled', ({ trade }) => {
      client.setQueryData(tradeKeys.detail(trade.id), trade);
      applyToTradeLists(client, (list, f) =>
        f.status === 'running' ? withoutSettled(list, trade) : withSettled(list, trade, f.account),
      );
      void client.invalidateQueries({ queryKey: tradeKeys.recent() });
    }),
    source.on('balance', () => {
      // Money moved: a new ledger entry leads the first page.
      void client.invalidateQueries({ queryKey: walletKeys.transactionLists(), predicate: firstPage });
      void client.invalidateQueries({ queryKey: walletKeys.activity() });
    }),
    source.on('topup:updated', ({ topup }) => applyRequest(client, topupKeys.mineLists(), topup)),
    source.on('withdrawal:updated', ({ withdrawal }) =>
      applyRequest(client, withdrawalKeys.mineLists(), withdrawal),
    ),
    source.on('admin:badges', (payload) => {
      const badges = adminBadgesSchema.safeParse(payload);
      if (!badges.success) return;
      // The event is newer than any answer still on its way: that request is dropped.
      client.setQueryData(adminKeys.badges(), badges.data);
      void client.cancelQueries({ queryKey: adminKeys.badges() });
      void client.invalidateQueries({ queryKey: topupKeys.adminLists() });
      void client.invalidateQueries({ queryKey: withdrawalKeys.adminLists() });
      void client.invalidateQueries({ queryKey: withdrawalKeys.details() });
    }),
    source.on('trading:halt', (payload) => {
      const state = tradingHaltStateSchema.safeParse(payload);
      if (!state.success) return;
      client.setQueryData(infoKeys.tradingHalt(), state.data);
      void client.cancelQueries({ queryKey: infoKeys.tradingHalt() });
      void client.invalidateQueries({ queryKey: adminKeys.tradingHalt() });
    }),
    source.on('notification', ({ notification, unread }) => {
      if (useSession.getState().user) applyNotification(client, notification, unread);
    }),
    connection.subscribe((state, prev) => {
      if (state.reconnects !== prev.reconnects) void client.invalidateQueries();
    }),
    // Another user's answers are not kept (a first sign-in has nothing of anyone's to drop).
    useSession.subscribe((state, prev) => {
      if (prev.user && state.user?.id !== prev.user.id) void client.resetQueries();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
