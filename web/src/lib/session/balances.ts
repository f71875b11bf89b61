import { type Balances, balancesSchema } from '@app/shared';
import { api } from '../api.ts';
import { useSession } from './session-store.ts';

/** `{ real, practice }` from an answer that carries them (as such or under `balances`), else null. */
export function balancesOf(body: unknown): Balances | null {
  const direct = balancesSchema.safeParse(body);
  if (direct.success) return direct.data;
  if (body && typeof body === 'object' && 'balances' in body) {
    const nested = balancesSchema.safeParse(body.balances);
    if (nested.success) return nested.data;
  }
  return null;
}

/** GET /api/user/me/balances */
export async function getBalances(signal?: AbortSignal): Promise<Balances | null> {
  return balancesOf(await api<unknown>('/api/user/me/balances', { signal }));
}

/** Loads both balances into the session (the practice one is not in every user answer). */
export async function loadBalances(): Promise<void> {
  const userId = useSession.getState().user?.id;
  if (!userId) return;
  try {
    const balances = await getBalances();
    // Still the same user when the answer arrives.
    if (balances && useSession.getState().user?.id === userId) useSession.getState().applyBalances(balances);
  } catch (error) {
    console.warn('Failed to load the balances', error);
  }
}
