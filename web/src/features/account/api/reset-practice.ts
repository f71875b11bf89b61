import { balancesResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { walletKeys } from '../../../lib/query/index.ts';
import { useSession } from '../../../lib/session/index.ts';

/** POST /api/user/me/practice/reset: practice money back to its opening Rs 1,00,000. */
export async function resetPractice() {
  const { balances } = await api('/api/user/me/practice/reset', balancesResponseSchema, { method: 'POST' });
  return balances;
}

export function useResetPractice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetPractice,
    onSuccess: (balances) => {
      useSession.getState().applyBalances(balances);
      void client.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
