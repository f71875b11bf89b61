import {
  type AdminSetPasswordBody,
  type AdminUserUpdateBody,
  adminUserMessageResponseSchema,
  type BalanceAdjustmentBody,
  type BanBody,
  balanceAdjustmentResponseSchema,
  type HoldBody,
  IDEMPOTENCY_HEADER,
  messageResponseSchema,
  type ReputationAdjustBody,
  reputationAdjustResponseSchema,
  userMessageResponseSchema,
} from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminUserKeys } from './keys.ts';

const path = (id: string, rest = '') => `/api/admin/users/${encodeURIComponent(id)}${rest}`;

/** Any write refreshes the user's detail and every page of the list. */
function useUserWrite<V extends { id: string }, R>(write: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (_answer, vars) =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminUserKeys.detail(vars.id) }),
        client.invalidateQueries({ queryKey: adminUserKeys.lists() }),
      ]),
  });
}

/** PUT /api/admin/users/:id */
export const useUpdateUser = () =>
  useUserWrite(({ id, body }: { id: string; body: AdminUserUpdateBody }) =>
    api(path(id), adminUserMessageResponseSchema, { method: 'PUT', body }),
  );

/** POST /api/admin/users/:id/ban `{ reason }` */
export const useBanUser = () =>
  useUserWrite(({ id, body }: { id: string; body: BanBody }) =>
    api(path(id, '/ban'), adminUserMessageResponseSchema, { method: 'POST', body }),
  );

/** POST /api/admin/users/:id/unban */
export const useUnbanUser = () =>
  useUserWrite(({ id }: { id: string }) =>
    api(path(id, '/unban'), adminUserMessageResponseSchema, { method: 'POST' }),
  );

/** PUT /api/admin/users/:id/password `{ newPassword }` */
export const useSetPassword = () =>
  useUserWrite(({ id, body }: { id: string; body: AdminSetPasswordBody }) =>
    api(path(id, '/password'), messageResponseSchema, { method: 'PUT', body }),
  );

/** POST /api/reputation/admin/adjust `{ userId, setTo, reason }` */
export const useSetReputation = () =>
  useUserWrite(({ id, body }: { id: string; body: Omit<ReputationAdjustBody, 'userId'> }) =>
    api('/api/reputation/admin/adjust', reputationAdjustResponseSchema, {
      method: 'POST',
      body: { userId: id, ...body },
    }),
  );

/**
 * POST /api/admin/users/:id/balance-adjustments with the dialog's Idempotency-Key: a retry of
 * the same submission (a double click, a lost answer) moves the money once.
 */
export const useAdjustBalance = () =>
  useUserWrite(({ id, body, key }: { id: string; body: BalanceAdjustmentBody; key: string }) =>
    api(path(id, '/balance-adjustments'), balanceAdjustmentResponseSchema, {
      method: 'POST',
      body,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );

/** PUT /api/admin/users/:id/hold `{ freezAmount, reason }` (the wallet feature's route). */
export const useSetHold = () =>
  useUserWrite(({ id, body }: { id: string; body: HoldBody }) =>
    api(path(id, '/hold'), userMessageResponseSchema, { method: 'PUT', body }),
  );

/** POST /api/admin/users/:id/unlock (superadmin): sign-in is allowed again at once. */
export const useUnlockUser = () =>
  useUserWrite(({ id }: { id: string }) =>
    api(path(id, '/unlock'), messageResponseSchema, { method: 'POST' }),
  );
