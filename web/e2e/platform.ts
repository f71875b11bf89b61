import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type Platform, type StartPlatformOptions, startPlatform } from '../../scripts/lib/e2e.ts';

/**
 * The whole platform for one e2e file: a database of its own, the Redis of the test run under a
 * key prefix of its own (`e2e-<name>-<random>:`), and `options` for the rest.
 */
export const startE2ePlatform = (
  name: string,
  options: Omit<StartPlatformOptions, 'adminDatabaseUrl' | 'redisUrl' | 'redisPrefix'> = {},
): Promise<Platform> =>
  startPlatform({
    adminDatabaseUrl: inject('adminDatabaseUrl'),
    redisUrl: inject('redisUrl'),
    redisPrefix: `${inject('redisPrefix')}e2e-${name}-${randomBytes(3).toString('hex')}:`,
    ...options,
  });
