import { MSG } from '@app/shared';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/errors.ts';

/**
 * Security headers for every answer, and the rate limiter that login and register opt
 * into (route `config.rateLimit`). Counters live in Redis under the app's key prefix, so
 * every gateway behind the load balancer counts the same attempts.
 *
 * The headers come from helmet's middleware, built once here rather than per request (as
 * @fastify/helmet does, parsing the CSP directives each time): every request pays for the
 * headers, trade placement included (docs/adr/0008).
 */
export default fp(
  async (app) => {
    const securityHeaders = helmet({
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
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });

    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace: 'rate-limit:',
      keyGenerator: (request) => request.ip,
      // Without Redis the limiter lets requests through (and logs) rather than locking
      // everyone out of their accounts; argon2 still makes each guess slow.
      skipOnError: true,
      errorResponseBuilder: () => new AppError(429, MSG.tooManyAttempts),
    });
  },
  { name: 'security', dependencies: ['redis'] },
);
