import type { FastifyInstance, FastifyRequest } from 'fastify';
import { caller } from '../plugins/auth.ts';
import { RetryLaterError } from './errors.ts';

const HOUR_MS = 3_600_000;

export type RateOptions = {
  /** Names the counter: limits on different writes never share one. */
  name: string;
  /** Requests per hour. */
  max: number;
  /** Whose requests count together: by default the signed-in caller's. */
  key?: (request: FastifyRequest) => string;
  /** What the refused user reads; the wait is added to it. */
  message: string;
};

/**
 * A rate per hour for each user (or each name asked for) as a route hook: each request is
 * counted before the route does its work, by @fastify/rate-limit's Redis store (INCR and the
 * window's expiry in one script), so requests arriving together cannot all pass. The window
 * starts with the first request counted and the refusal says when it ends (RetryLaterError: 429,
 * the wait in words and Retry-After). Use it as a preHandler: the
 * caller is known and the body checked by then, so a request the schema refuses costs nothing.
 * Several may guard one route, beside an address rate of the route's `config.rateLimit`.
 */
export function hourlyRate(app: FastifyInstance, options: RateOptions) {
  const key = options.key ?? ((request: FastifyRequest) => caller(request).id);
  const count = app.createRateLimit({
    max: options.max,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `${options.name}:${key(request)}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new RetryLaterError(options.message, result.ttl / 1000);
  };
}
