import { markReadResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { notificationKeys } from '../query/index.ts';
import { NOTIFICATION_LOG } from './log.ts';
import { applyRead, restore, snapshot } from './mark-read.ts';

/** POST /api/notifications/read-all (no body): the unread count after it. */
export async function markAllRead(): Promise<number> {
  const { unread } = await api('/api/notifications/read-all', markReadResponseSchema, { method: 'POST' });
  return unread;
}

/** Mark all read: at once everywhere, undone if the server refuses. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: () => {
      const before = snapshot(client);
      applyRead(client, null, 0);
      return before;
    },
    onSuccess: (unread) => client.setQueryData(notificationKeys.unread(), unread),
    onError: (error, _vars, before) => {
      console.error(NOTIFICATION_LOG.allRead, error);
      if (before) restore(client, before);
    },
  });
}
