import type { ReferralKey, ReferralKeyCreateBody } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** POST /api/referral-keys */
export function createReferralKey(body: ReferralKeyCreateBody): Promise<{ key: ReferralKey }> {
  return api<{ key: ReferralKey }>('/api/referral-keys', { method: 'POST', body });
}

export function useCreateReferralKey() {
  return useMutation(createReferralKey);
}
