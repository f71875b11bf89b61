import type { Balances } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';
import { balancesOf } from '../../../lib/session/index.ts';

/** POST /api/user/me/practice/reset: practice money back to its opening Rs 1,00,000. */
export async function resetPractice(): Promise<Balances | null> {
  return balancesOf(await api<unknown>('/api/user/me/practice/reset', { method: 'POST' }));
}

export function useResetPractice() {
  return useMutation(resetPractice);
}
