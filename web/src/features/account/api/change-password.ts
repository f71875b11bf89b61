import { type ChangePasswordBody, changePasswordResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session/index.ts';

/**
 * PUT /api/auth/change-password. Every session of the user ends (other devices are signed out
 * and told why); the answer carries a new token that keeps this one.
 */
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

/** Keeps this device signed in on the answer's token (lib/session renewToken). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => useSession.getState().renewToken(() => changePassword(body)),
  });
}
