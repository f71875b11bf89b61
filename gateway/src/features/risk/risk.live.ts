import { type RiskExposure, rooms } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { IoServer } from '../../realtime/types.ts';

/** How often a gateway with admins connected reads the exposure. */
export const EXPOSURE_REFRESH_MS = 1_000;

export type ExposureFeedOptions = {
  io: IoServer;
  load: () => Promise<RiskExposure>;
  log: FastifyBaseLogger;
  intervalMs?: number;
};

/**
 * The live exposure for the admins room. Placements (here), settlements (in the workers) and
 * cancellations all change it; instead of adding a query or an event to any of them, each
 * gateway that holds admin sockets reads the exposure once per refresh and sends it when it
 * differs from what it sent last. The emit is local: every gateway serves its own admins, so
 * none gets it twice, and a gateway without admins reads nothing. Returns the stop, which waits
 * for a read in flight.
 */
export function startExposureFeed({ io, load, log, intervalMs = EXPOSURE_REFRESH_MS }: ExposureFeedOptions) {
  let sent: string | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const localAdmins = () => io.of('/').adapter.rooms.get(rooms.admins())?.size ?? 0;

  async function refresh(): Promise<void> {
    if (localAdmins() === 0) {
      // Whoever connects next loads the figures themselves; the first change reaches them.
      sent = undefined;
      return;
    }
    const exposure = await load();
    // asOf changes on every read; the figures are what is compared.
    const figures = JSON.stringify([exposure.rows, exposure.totals]);
    if (stopped || figures === sent) return;
    sent = figures;
    io.local.to(rooms.admins()).emit('admin:exposure', exposure);
  }

  const schedule = () => {
    timer = setTimeout(() => {
      inFlight = refresh()
        .catch((err: unknown) => log.warn({ err }, 'risk exposure refresh failed'))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  };
}
