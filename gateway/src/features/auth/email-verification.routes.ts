import { MSG, messageResponseSchema, resendVerificationBodySchema, verifyEmailSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hourlyRate } from '../../lib/rate-limit.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createEmailVerificationService } from './email-verification.service.ts';

export type EmailVerificationRoutesOptions = {
  /** Requests per minute per address to each route. */
  rateLimit: number;
  /** Verification emails one account may ask for per hour. */
  mailsPerHour: number;
};

/** The link mailed at registration and after an email change, and asking for it again. */
const emailVerificationRoutes: FastifyPluginAsyncZod<EmailVerificationRoutesOptions> = async (app, opts) => {
  const service = createEmailVerificationService({ db: app.db, accountMail: app.accountMail });
  const tags = ['auth'];
  const rateLimit = { max: opts.rateLimit, timeWindow: 60_000 };
  const accountRate = hourlyRate(app, {
    name: 'verification-mail',
    max: opts.mailsPerHour,
    message: MSG.accountMailsTooMany,
  });

  app.post(
    '/auth/verify-email',
    {
      config: { rateLimit },
      schema: {
        audience: 'public',
        tags,
        description:
          "Verify the account's address with the emailed link's token (single use, valid 24 hours, only for the address it was sent to). No sign-in needed: the link may be opened on another device.",
        body: verifyEmailSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.verify(request.body.token),
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { rateLimit },
      preHandler: accountRate,
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        body: resendVerificationBodySchema,
        description:
          "Send the verification link to the caller's current address again. 409 when it is verified already; 429 with Retry-After when the account asked too often within the hour.",
        response: { 200: messageResponseSchema, ...errorResponses(401, 409, 429) },
      },
    },
    async (request) => service.resend(caller(request).id),
  );
};

export default emailVerificationRoutes;
