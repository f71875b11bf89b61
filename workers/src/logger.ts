import { type DestinationStream, pino } from 'pino';
import type { WorkersConfig } from './config.ts';

/**
 * JSON lines on stdout; `pnpm start` pretty-prints them, production ships them as they are.
 * Tests pass a destination to read the lines.
 */
export function createLogger(level: WorkersConfig['LOG_LEVEL'], destination?: DestinationStream) {
  return destination ? pino({ name: 'workers', level }, destination) : pino({ name: 'workers', level });
}

export type Logger = ReturnType<typeof createLogger>;
