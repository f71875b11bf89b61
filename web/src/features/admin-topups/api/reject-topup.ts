import { DEFAULT_TOPUP_REJECT_REMARKS, type TopupResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** PUT /api/topups/:id/reject `{ remarks }` ('Rejected' when left empty; 409 if already decided). */
export function rejectTopup(id: string, remarks: string): Promise<TopupResponse> {
  return api<TopupResponse>(`/api/topups/${encodeURIComponent(id)}/reject`, {
    method: 'PUT',
    body: { remarks: remarks.trim() || DEFAULT_TOPUP_REJECT_REMARKS },
  });
}

export function useRejectTopup() {
  return useMutation(rejectTopup);
}
