import { type ProfileBody, userMessageResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** PUT /api/user/me/profile */
export function updateProfile(body: ProfileBody) {
  return api('/api/user/me/profile', userMessageResponseSchema, { method: 'PUT', body });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
