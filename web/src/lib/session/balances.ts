import { type Balances, balancesResponseSchema } from '@app/shared';
import { api } from '../api.ts';
import { useSession } from './session-store.ts';

/** GET /api/user/me/balances */
export async function getBalances(signal?: AbortSignal): Promise<Balances> {
  const { balances } = await api('/api/user/me/balances', balancesResponseSchema, { signal });
  return balances;
}

/** Loads both balances into the session (the practice one is not in every user answer). */
export async function loadBalances(): Promise<void> {
  const userId = useSession.getState().user?.id;
  if (!userId) return;
  try {
    const balances = await getBalances();
    // Still the same user when the answer arrives.
    if (useSession.getState().user?.id === userId) useSession.getState().applyBalances(balances);
  } catch (error) {
    console.warn('Failed to load the balances', error);
  }
}
