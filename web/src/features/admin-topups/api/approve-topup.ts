import type { TopupResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** PUT /api/topups/:id/approve, no body: credits the amount (409 if already decided). */
export function approveTopup(id: string): Promise<TopupResponse> {
  return api<TopupResponse>(`/api/topups/${encodeURIComponent(id)}/approve`, { method: 'PUT' });
}

export function useApproveTopup() {
  return useMutation(approveTopup);
}
