import { topupResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** PUT /api/topups/:id/approve, no body: credits the amount (409 if already decided). */
export function approveTopup(id: string) {
  return api(`/api/topups/${encodeURIComponent(id)}/approve`, topupResponseSchema, { method: 'PUT' });
}

export function useApproveTopup() {
  return useMutation({ mutationFn: approveTopup });
}
