import {
  type BroadcastBody,
  type BroadcastJob,
  broadcastJobResponseSchema,
  broadcastResponseSchema,
} from '@app/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/admin/notifications: 200 when written within the request, 202 with a job for a large audience. */
export function sendNotification(body: BroadcastBody) {
  return api('/api/admin/notifications', broadcastResponseSchema, { method: 'POST', body });
}

export function useSendNotification() {
  return useMutation({ mutationFn: sendNotification });
}

/** How often a queued send's progress is read. */
export const JOB_POLL_MS = 1000;

const finished = (job: BroadcastJob | undefined) => job?.state === 'completed' || job?.state === 'failed';

/** GET /api/admin/notifications/jobs/:id, read again every JOB_POLL_MS until it is done. */
export function useBroadcastJob(jobId: string | null) {
  return useQuery({
    queryKey: ['admin-broadcast', 'job', jobId],
    queryFn: ({ signal }) =>
      api(`/api/admin/notifications/jobs/${encodeURIComponent(jobId ?? '')}`, broadcastJobResponseSchema, {
        signal,
      }),
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : JOB_POLL_MS),
  });
}
