/**
 * The messages between `pnpm start`'s front and its gateway processes, over each gateway's IPC
 * channel (scripts/lib/gateway-front.ts, gateway/src/front.ts; ADR 0023).
 *
 * - `connection` (front → gateway), with a socket handle: a client connection, unread, for the
 *   gateway to serve as if it had accepted it.
 * - `gather` (gateway → front): the gateway answering `/metrics` asks for the other gateways'.
 * - `collect` (front → every other gateway): send your metrics for that request.
 * - `collected` (gateway → front): prom-client's `getMetricsAsJSON()` of this gateway.
 * - `gathered` (front → the asking gateway): every answer that came in time.
 */
import { z } from 'zod';

export const FRONT_MESSAGES = {
  connection: 'coinpulse:connection',
  gather: 'coinpulse:metrics-gather',
  collect: 'coinpulse:metrics-collect',
  collected: 'coinpulse:metrics-collected',
  gathered: 'coinpulse:metrics-gathered',
} as const;

const id = z.string().min(1).max(64);

export const frontMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(FRONT_MESSAGES.connection) }),
  z.object({ type: z.literal(FRONT_MESSAGES.gather), id }),
  z.object({ type: z.literal(FRONT_MESSAGES.collect), id }),
  z.object({ type: z.literal(FRONT_MESSAGES.collected), id, metrics: z.array(z.unknown()) }),
  z.object({ type: z.literal(FRONT_MESSAGES.gathered), id, metrics: z.array(z.array(z.unknown())) }),
]);

export type FrontMessage = z.infer<typeof frontMessageSchema>;
