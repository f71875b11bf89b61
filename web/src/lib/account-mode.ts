import { MONEY_ACCOUNTS, type MoneyAccount } from '@app/shared';
import { create } from 'zustand';
import { type SessionUser, useSession } from './session/index.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/** Which balance the trade card, the orders and the header show: real money or practice money. */
export type AccountMode = MoneyAccount;

export function isAccountMode(value: unknown): value is AccountMode {
  return typeof value === 'string' && (MONEY_ACCOUNTS as readonly string[]).includes(value);
}

/** Where a user's choice is kept: one key per user, so people sharing a browser keep their own. */
export function accountModeKey(userId: string): string {
  return `${STORAGE_KEYS.accountMode}:${userId}`;
}

/**
 * The mode chosen in this browser: the user's own choice, else the one an older build kept
 * under the bare key for every user of the browser.
 */
function storedChoice(userId: string | undefined): AccountMode | null {
  const own = userId ? storage.get(accountModeKey(userId)) : null;
  if (isAccountMode(own)) return own;
  const shared = storage.get(STORAGE_KEYS.accountMode);
  return isAccountMode(shared) ? shared : null;
}

/** Where a user starts before choosing: Practice while there is no real money to trade with. */
export function defaultMode(user: Pick<SessionUser, 'balance'> | null): AccountMode {
  return user && user.balance <= 0 ? 'practice' : 'real';
}

function startingMode(user: SessionUser | null): Pick<AccountModeState, 'mode' | 'chosen'> {
  const choice = storedChoice(user?.id);
  return { mode: choice ?? defaultMode(user), chosen: choice !== null };
}

interface AccountModeState {
  mode: AccountMode;
  /** The user picked this mode (here or in another tab); false while the default holds. */
  chosen: boolean;
  setMode: (mode: AccountMode) => void;
}

export const useAccountMode = create<AccountModeState>()((set) => ({
  ...startingMode(useSession.getState().user),
  setMode: (mode) => {
    const user = useSession.getState().user;
    // The write reaches every other tab of this browser as a `storage` event (below).
    if (user) storage.set(accountModeKey(user.id), mode);
    set({ mode, chosen: true });
  },
}));

// A sign-in, or the stored session loading, starts in that user's mode. A later change of
// balance does not move the user: a trade would switch accounts under their hand.
useSession.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useAccountMode.setState(startingMode(state.user));
});

// A choice made in another tab of this browser.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const user = useSession.getState().user;
    if (!user || event.key !== accountModeKey(user.id) || !isAccountMode(event.newValue)) return;
    useAccountMode.setState({ mode: event.newValue, chosen: true });
  });
}

/** For tests: the mode as a fresh page load would read it. */
export function resetAccountMode(): void {
  useAccountMode.setState(startingMode(useSession.getState().user));
}

/** The signed-in user's balance of an account; null when signed out or not known yet. */
export function balanceOf(
  user: { balance: number; practiceBalance?: number } | null,
  mode: AccountMode,
): number | null {
  if (!user) return null;
  return mode === 'practice' ? (user.practiceBalance ?? null) : user.balance;
}

/** The balance of the selected account (re-renders only when that number changes). */
export function useSelectedBalance(): number | null {
  const mode = useAccountMode((s) => s.mode);
  return useSession((s) => balanceOf(s.user, mode));
}
