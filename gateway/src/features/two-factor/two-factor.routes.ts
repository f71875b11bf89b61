import {
  messageResponseSchema,
  twoFactorDisableSchema,
  twoFactorEnableResponseSchema,
  twoFactorEnableSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';

export type TwoFactorRoutesOptions = {
  /** Requests per minute per address on setup, enable and disable. */
  rateLimit: number;
};

/** The signed-in user's own two-factor sign-in; the sign-in step itself is in auth.routes.ts. */
const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, opts) => {
  const tags = ['auth'];
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: 60_000 } };

  app.get(
    '/auth/2fa',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Whether two-factor sign-in is on, whether the account must have it (staff), and the recovery codes left.',
        response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => app.twoFactor.status(caller(request)),
  );

  app.post(
    '/auth/2fa/setup',
    {
      config: limited,
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Start (or restart) a setup: a new secret as an `otpauth://` URI and in base32, and 10 single-use recovery codes, shown this once (only their hashes are kept). It is not on until POST /api/auth/2fa/enable. 409 when it is on already.',
        response: { 200: twoFactorSetupResponseSchema, ...errorResponses(401, 409, 429) },
      },
    },
    async (request) => app.twoFactor.setup(caller(request), requestMeta(request)),
  );

  app.post(
    '/auth/2fa/enable',
    {
      config: limited,
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Turn two-factor sign-in on with a code from the app the setup was scanned into. Every other session of the user ends (they were signed in with the password alone); the answer carries a new token for this one.',
        body: twoFactorEnableSchema,
        response: { 200: twoFactorEnableResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => app.twoFactor.enable(caller(request), request.body.code, requestMeta(request)),
  );

  app.post(
    '/auth/2fa/disable',
    {
      config: limited,
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          "Turn two-factor sign-in off with the password and a code (TOTP or recovery). A wrong password or code counts towards the account's sign-in lock (429 with Retry-After once locked). Staff cannot use staff routes again until they turn it back on.",
        body: twoFactorDisableSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => app.twoFactor.disable(caller(request), request.body, requestMeta(request)),
  );
};

export default twoFactorRoutes;
