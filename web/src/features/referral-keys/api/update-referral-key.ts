import type { ReferralKey, ReferralKeyPatchBody } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** PATCH /api/referral-keys/:id with `active` or `maxUses`. */
export function updateReferralKey(id: string, body: ReferralKeyPatchBody): Promise<{ key: ReferralKey }> {
  return api<{ key: ReferralKey }>(`/api/referral-keys/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateReferralKey() {
  return useMutation(updateReferralKey);
}
