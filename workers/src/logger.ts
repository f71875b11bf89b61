import { pino } from 'pino';
import type { WorkersConfig } from './config.ts';

/** JSON lines on stdout; `pnpm start` pretty-prints them, production ships them as they are. */
export function createLogger(level: WorkersConfig['LOG_LEVEL']) {
  return pino({ name: 'workers', level });
}

export type Logger = ReturnType<typeof createLogger>;
