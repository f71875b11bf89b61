import { MONEY_ACCOUNTS, type MoneyAccount } from '@app/shared';
import { create } from 'zustand';
import { useSession } from './session/index.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/** Which balance the trade card, the orders and the header show: real money or practice money. */
export type AccountMode = MoneyAccount;

export function isAccountMode(value: unknown): value is AccountMode {
  return typeof value === 'string' && (MONEY_ACCOUNTS as readonly string[]).includes(value);
}

function storedMode(): AccountMode {
  const saved = storage.get(STORAGE_KEYS.accountMode);
  return isAccountMode(saved) ? saved : 'real';
}

interface AccountModeState {
  mode: AccountMode;
  setMode: (mode: AccountMode) => void;
}

export const useAccountMode = create<AccountModeState>()((set) => ({
  mode: storedMode(),
  setMode: (mode) => {
    storage.set(STORAGE_KEYS.accountMode, mode);
    set({ mode });
  },
}));

/** For tests: the mode as a fresh page load would read it. */
export function resetAccountMode(): void {
  useAccountMode.setState({ mode: storedMode() });
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
