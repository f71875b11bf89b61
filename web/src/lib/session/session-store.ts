import type { PublicUser } from '@app/shared';
import { create } from 'zustand';
import { ApiError } from '../api.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';
import { getMe } from './get-me.ts';

export type SessionStatus = 'loading' | 'ready';

interface SessionState {
  token: string | null;
  user: PublicUser | null;
  /** 'loading' while a stored token is being checked on start. */
  status: SessionStatus;
  bootstrap: () => Promise<void>;
  signIn: (token: string, user: PublicUser) => void;
  setUser: (user: PublicUser) => void;
  setToken: (token: string) => void;
  /** Refetches the user; an expired or revoked token signs out. */
  refresh: () => Promise<void>;
  logout: () => void;
}

// Bumped by every sign-in and sign-out, so an answer that arrives after either is dropped.
let generation = 0;

export const useSession = create<SessionState>()((set, get) => ({
  token: storage.get(STORAGE_KEYS.token),
  user: null,
  status: storage.get(STORAGE_KEYS.token) ? 'loading' : 'ready',

  bootstrap: async () => {
    const token = storage.get(STORAGE_KEYS.token);
    if (!token) {
      set({ token: null, user: null, status: 'ready' });
      return;
    }
    const mine = ++generation;
    set({ token, status: 'loading' });
    try {
      const user = await getMe();
      if (mine === generation) set({ user, status: 'ready' });
    } catch {
      // A stored token that no longer works signs out without a message.
      if (mine === generation) get().logout();
    }
  },

  signIn: (token, user) => {
    generation++;
    storage.set(STORAGE_KEYS.token, token);
    set({ token, user, status: 'ready' });
  },

  setUser: (user) => set({ user }),

  setToken: (token) => {
    storage.set(STORAGE_KEYS.token, token);
    set({ token });
  },

  refresh: async () => {
    if (!get().token) return;
    const mine = generation;
    try {
      const user = await getMe();
      if (mine === generation) set({ user });
    } catch (error) {
      if (mine === generation && error instanceof ApiError && error.status === 401) get().logout();
    }
  },

  logout: () => {
    generation++;
    storage.remove(STORAGE_KEYS.token);
    set({ token: null, user: null, status: 'ready' });
  },
}));

/** Admin access: role admin or superadmin, or the isAdmin flag. */
export function isAdminUser(user: PublicUser | null): boolean {
  return !!user && (user.role === 'admin' || user.role === 'superadmin' || user.isAdmin);
}

export function isSuperadmin(user: PublicUser | null): boolean {
  return user?.role === 'superadmin';
}
