import { type ChangePasswordBody, changePasswordResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** PUT /api/auth/change-password. The answer carries a new token that keeps this session. */
export function changePassword(body: ChangePasswordBody) {
  // The spec's client sends the current password under both names.
  return api('/api/auth/change-password', changePasswordResponseSchema, {
    method: 'PUT',
    body: {
      oldPassword: body.currentPassword,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
