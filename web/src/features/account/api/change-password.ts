import type { ChangePasswordBody, ChangePasswordResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** PUT /api/auth/change-password. The answer carries a new token that keeps this session. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  // The spec's client sends the current password under both names.
  return api<ChangePasswordResponse>('/api/auth/change-password', {
    method: 'PUT',
    body: {
      oldPassword: body.currentPassword,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
    },
  });
}

export function useChangePassword() {
  return useMutation(changePassword);
}
