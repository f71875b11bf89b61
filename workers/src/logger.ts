import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS, logSafeErrorSerializer } from '@app/db';
import { type DestinationStream, type LoggerOptions, pino, stdSerializers } from 'pino';
import type { WorkersConfig } from './config.ts';

const logSafeError = logSafeErrorSerializer(stdSerializers.err);

/**
 * JSON lines on stdout; `pnpm start` pretty-prints them, production ships them as they are.
 * Tests pass a destination to read the lines. Secrets are redacted wherever a log object holds
 * them, and a database error (a job's failed query) is logged by its SQLSTATE and statement
 * name, never its parameters (@app/db log-safety).
 */
export function createLogger(level: WorkersConfig['LOG_LEVEL'], destination?: DestinationStream) {
  const options: LoggerOptions = {
    name: 'workers',
    level,
    redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR },
    serializers: { err: logSafeError, error: logSafeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;
