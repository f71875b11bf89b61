import type { ProfileBody, UserMessageResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** PUT /api/user/me/profile */
export function updateProfile(body: ProfileBody): Promise<UserMessageResponse> {
  return api<UserMessageResponse>('/api/user/me/profile', { method: 'PUT', body });
}

export function useUpdateProfile() {
  return useMutation(updateProfile);
}
