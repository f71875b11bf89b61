import { type Notification as AppNotification, NOTIFICATIONS_HEADER_LIMIT } from '@app/shared';
import { create } from 'zustand';
import {
  getNotifications,
  NOTIFICATION_LOG as LOG,
  markAllRead,
  markRead,
  withRead,
} from '../../../lib/notifications/index.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';
import { getUnreadCount } from '../api/get-unread-count.ts';

interface BellState {
  /** The newest notifications (15), as the bell dropdown lists them. */
  items: AppNotification[];
  loading: boolean;
  loaded: boolean;
  /** Opening the bell: the list (limit 15) and the unread count, both fresh. */
  refresh: () => Promise<void>;
  loadCount: () => Promise<void>;
  /** A `notification` event: the new one on top. */
  receive: (notification: AppNotification) => void;
  /** Marks one unread notification read (here, on the server and in the count). */
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
  reset: () => void;
}

const unread = () => useUnreadNotifications.getState();

export const useBell = create<BellState>()((set, get) => ({
  items: [],
  loading: false,
  loaded: false,

  refresh: async () => {
    set({ loading: true });
    const [list, count] = await Promise.allSettled([
      getNotifications({ limit: NOTIFICATIONS_HEADER_LIMIT }),
      getUnreadCount(),
    ]);
    if (list.status === 'fulfilled') set({ items: list.value.items, loaded: true });
    else console.error(LOG.list, list.reason);
    if (count.status === 'fulfilled') unread().setCount(count.value);
    else {
      console.error(LOG.count, count.reason);
      if (list.status === 'fulfilled') unread().setCount(list.value.unread);
    }
    set({ loading: false });
  },

  loadCount: async () => {
    try {
      unread().setCount(await getUnreadCount());
    } catch (error) {
      console.error(LOG.count, error);
    }
  },

  receive: (notification) => {
    const rest = get().items.filter((n) => n.id !== notification.id);
    set({ items: [notification, ...rest].slice(0, NOTIFICATIONS_HEADER_LIMIT) });
  },

  markRead: async (id) => {
    const before = unread().count;
    set({ items: withRead(get().items, id, true) });
    unread().setCount(before - 1);
    try {
      const after = await markRead(id);
      if (after !== null) unread().setCount(after);
    } catch (error) {
      console.error(LOG.read, error);
      set({ items: withRead(get().items, id, false) });
      unread().setCount(before);
    }
  },

  markAllRead: async () => {
    const before = { items: get().items, count: unread().count };
    set({ items: withRead(get().items, null, true) });
    unread().setCount(0);
    try {
      const after = await markAllRead();
      if (after !== null) unread().setCount(after);
    } catch (error) {
      console.error(LOG.allRead, error);
      set({ items: before.items });
      unread().setCount(before.count);
    }
  },

  reset: () => set({ items: [], loading: false, loaded: false }),
}));
