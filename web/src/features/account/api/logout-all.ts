import { logoutAllResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session/index.ts';

/** POST /api/auth/logout-all: every session of the user ends, this one too. */
export function logoutAll() {
  return api('/api/auth/logout-all', logoutAllResponseSchema, { method: 'POST', body: {} });
}

/** Signs this device out with the answer's message (the socket may have said so already). */
export function useLogoutAll() {
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: ({ message }) => {
      const session = useSession.getState();
      if (session.token) session.endSession(message);
    },
  });
}
