import type { IncomingMessage, ServerResponse } from 'node:http';
import { MSG } from '@app/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { RetryLaterError } from '../lib/errors.ts';
import { isPagePath } from '../lib/paths.ts';

/** The headers helmet's middleware sets with `options`, read from a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * The key of a route limit counted per signed-in account rather than per address (a stolen
 * session used from many addresses is still one account): for routes behind `authenticate`,
 * whose hook runs before the limiter's.
 */
export const perAccount = (request: FastifyRequest): string =>
  request.currentUser ? `account:${request.currentUser.id}` : request.ip;

/**
 * The headers of the API's data answers (JSON, a CSV, a voucher), built from a page's:
 * a page fetches them and no browser renders them as a page, so the page's policies for
 * scripts, styles, referrers, window openers and prefetching have nothing to apply to. What
 * they keep: nothing may load from them or frame them if one is opened, they are not sniffed
 * as another type, other origins cannot read them, HTTPS stays sticky. Every request pays for
 * the bytes of its headers, and a page's are several times the data set's (ADR 0026).
 */
export function dataHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'cross-origin-resource-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : []))),
  };
}

/**
 * Security headers for every answer, and the rate limiter that login and register opt
 * into (route `config.rateLimit`). Counters live in Redis under the app's key prefix, so
 * every gateway behind the load balancer counts the same attempts.
 *
 * The headers are helmet's, read once from its middleware when the app is built and copied onto
 * each reply, rather than running helmet's dozen middlewares (each setting one header on the
 * response) per request as @fastify/helmet does: every request pays for the headers, trade
 * placement included (docs/adr/0008). Nothing in this configuration depends on the request but
 * whether it asks for a page or the API's data (`isPagePath`, ADR 0026).
 */
export default fp(
  async (app) => {
    const pageHeaders = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // The SPA and its chart library set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Coin icons come from a public icon host; vouchers preview as data: URLs.
          // blob: vouchers, fetched with the bearer token and shown from an object URL.
          imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // TLS is the deployment's business: on a plain-HTTP install (a LAN address,
          // docker) forcing https sub-requests would break the app.
          upgradeInsecureRequests: null,
        },
      },
    });
    const apiHeaders = dataHeaders(pageHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isPagePath(request.url) ? pageHeaders : apiHeaders);
      done();
    });

    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace: 'rate-limit:',
      keyGenerator: (request) => request.ip,
      // Without Redis the limiter cannot count, and a limit that lets every guess through
      // while Redis is away is no limit: the limited routes answer 503 with Retry-After
      // (outageError) until it is back, a few seconds under `pnpm start`.
      skipOnError: false,
      // The message names the real wait, the one Retry-After gives (seconds).
      errorResponseBuilder: (_request, context) =>
        new RetryLaterError(MSG.tooManyAttempts, context.ttl / 1000),
    });
  },
  { name: 'security', dependencies: ['redis'] },
);
