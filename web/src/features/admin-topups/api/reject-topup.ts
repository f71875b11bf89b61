import { DEFAULT_TOPUP_REJECT_REMARKS, topupResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** PUT /api/topups/:id/reject `{ remarks }` ('Rejected' when left empty; 409 if already decided). */
export function rejectTopup({ id, remarks }: { id: string; remarks: string }) {
  return api(`/api/topups/${encodeURIComponent(id)}/reject`, topupResponseSchema, {
    method: 'PUT',
    body: { remarks: remarks.trim() || DEFAULT_TOPUP_REJECT_REMARKS },
  });
}

export function useRejectTopup() {
  return useMutation({ mutationFn: rejectTopup });
}
