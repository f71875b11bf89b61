import { type RiskExposure, riskExposureSchema } from '@app/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';
import { realtime } from '../../../lib/socket.ts';

/** GET /api/admin/risk/exposure */
export function getExposure(signal?: AbortSignal) {
  return api('/api/admin/risk/exposure', riskExposureSchema, { signal });
}

/** The later of two readings: an answer that left before an event must not replace it. */
function latest(client: QueryClient, next: RiskExposure): RiskExposure {
  const cached = client.getQueryData<RiskExposure>(adminKeys.exposure());
  return cached && cached.asOf > next.asOf ? cached : next;
}

/**
 * The open exposure, live: loaded once, then replaced by every `admin:exposure` the admins
 * room gets when it changes (and loaded again after a reconnect, as every query is).
 */
export function useExposure() {
  const client = useQueryClient();
  useEffect(
    () =>
      realtime.on('admin:exposure', (payload) => {
        const parsed = riskExposureSchema.safeParse(payload);
        if (parsed.success) client.setQueryData(adminKeys.exposure(), latest(client, parsed.data));
      }),
    [client],
  );
  return useQuery({
    queryKey: adminKeys.exposure(),
    queryFn: async ({ signal }) => latest(client, await getExposure(signal)),
  });
}
