import type { Balances, PublicUser } from '@app/shared';
import { create } from 'zustand';
import { ApiError, isAbort } from '../api.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';
import { getMe } from './get-me.ts';

export type SessionStatus = 'loading' | 'ready';

/**
 * The signed-in user. `practiceBalance` joins the public user with the trades release; until
 * an answer carries it, the practice balance comes from GET /api/user/me/balances.
 */
export type SessionUser = PublicUser & { practiceBalance?: number };

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** 'loading' while a stored token is being checked on start. */
  status: SessionStatus;
  bootstrap: () => Promise<void>;
  signIn: (token: string, user: SessionUser) => void;
  setUser: (user: SessionUser) => void;
  /** Both balances as the server last reported them (a `balance` event, a placed trade). */
  applyBalances: (balances: Balances) => void;
  setToken: (token: string) => void;
  /** Refetches the user; an expired or revoked token signs out. */
  refresh: () => Promise<void>;
  logout: () => void;
  /**
   * Why the server ended this session (a `session:ended` message: password changed elsewhere,
   * logged out everywhere, banned, ...), shown until dismissed or the next sign-in.
   */
  endedMessage: string | null;
  /** Signs out because the server ended the session, keeping `message` to show. */
  endSession: (message: string) => void;
  dismissEnded: () => void;
  /**
   * Runs a request that ends this user's sessions and answers this device a new token (a
   * password change), then keeps the session on that token. Until it settles, `renewed()`
   * waits for it: the `session:ended` it causes must not sign this device out.
   */
  renewToken: <T extends { token: string }>(request: () => Promise<T>) => Promise<T>;
  /** Resolves once no `renewToken` request is under way. */
  renewed: () => Promise<void>;
}

/** The first wait before the start's session check is asked again, doubling up to the most. */
const BOOT_RETRY_MS = 500;
const BOOT_RETRY_MAX_MS = 8000;

/** A failure that says nothing of the token: no answer (the request cut off too), or the server failing. */
const isPassing = (error: unknown) =>
  isAbort(error) ||
  (error instanceof ApiError && error.kind !== 'schema' && (error.status === 0 || error.status >= 500));

// Bumped by every sign-in and sign-out, so an answer that arrives after either is dropped.
let generation = 0;
/** `renewToken` requests under way. */
const renewals = new Set<Promise<unknown>>();

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
    for (let attempt = 0; ; attempt++) {
      try {
        const user = await getMe();
        if (mine === generation) set({ user, status: 'ready' });
        return;
      } catch (error) {
        if (mine !== generation) return;
        // A stored token that no longer works signs out without a message. No answer, a request
        // cut off (the page being left) or the server failing says nothing of the token: ask
        // again rather than sign out.
        if (!isPassing(error)) {
          get().logout();
          return;
        }
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(BOOT_RETRY_MAX_MS, BOOT_RETRY_MS * 2 ** attempt)),
        );
      }
    }
  },

  signIn: (token, user) => {
    generation++;
    storage.set(STORAGE_KEYS.token, token);
    set({ token, user, status: 'ready', endedMessage: null });
  },

  setUser: (user) => {
    // An answer without the practice balance keeps the one already known.
    const known = get().user;
    const practiceBalance =
      user.practiceBalance ?? (known && known.id === user.id ? known.practiceBalance : undefined);
    set({ user: practiceBalance === undefined ? user : { ...user, practiceBalance } });
  },

  applyBalances: ({ real, practice }) => {
    const user = get().user;
    if (!user || (user.balance === real && user.practiceBalance === practice)) return;
    set({ user: { ...user, balance: real, practiceBalance: practice } });
  },

  setToken: (token) => {
    storage.set(STORAGE_KEYS.token, token);
    set({ token });
  },

  refresh: async () => {
    const token = get().token;
    if (!token) return;
    const mine = generation;
    try {
      const user = await getMe();
      if (mine === generation) get().setUser(user);
    } catch (error) {
      if (mine !== generation || !(error instanceof ApiError) || error.status !== 401) return;
      // A renewal under way (this device's own password change or two-factor turned on) ends
      // the token this asked with before its answer brings the new one: ask again with that.
      await get().renewed();
      if (mine !== generation) return;
      if (get().token !== token) return get().refresh();
      get().logout();
    }
  },

  logout: () => {
    generation++;
    storage.remove(STORAGE_KEYS.token);
    set({ token: null, user: null, status: 'ready' });
  },

  endedMessage: null,

  endSession: (message) => {
    get().logout();
    set({ endedMessage: message });
  },

  dismissEnded: () => set({ endedMessage: null }),

  renewToken: async (request) => {
    const mine = generation;
    const run = (async () => {
      const answer = await request();
      // Signed out or in as someone else meanwhile: the new token is not this session's.
      if (mine === generation) get().setToken(answer.token);
      return answer;
    })();
    renewals.add(run);
    try {
      return await run;
    } finally {
      renewals.delete(run);
    }
  },

  renewed: async () => {
    while (renewals.size > 0) await Promise.allSettled([...renewals]);
  },
}));

/** Admin access: role admin or superadmin, or the isAdmin flag. */
export function isAdminUser(user: SessionUser | null): boolean {
  return !!user && (user.role === 'admin' || user.role === 'superadmin' || user.isAdmin);
}

export function isSuperadmin(user: SessionUser | null): boolean {
  return user?.role === 'superadmin';
}
