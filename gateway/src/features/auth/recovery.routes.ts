import { forgotPasswordSchema, messageResponseSchema, resetPasswordSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schema.ts';
import { createRecoveryService } from './recovery.service.ts';

export type RecoveryRoutesOptions = {
  /** Requests per minute per address to each route. */
  rateLimit: number;
};

/** A forgotten password: the emailed link (POST /auth/forgot-password), then the new password. */
const recoveryRoutes: FastifyPluginAsyncZod<RecoveryRoutesOptions> = async (app, opts) => {
  const service = createRecoveryService({ db: app.db, sessions: app.sessions, accountMail: app.accountMail });
  const tags = ['auth'];
  const rateLimit = { max: opts.rateLimit, timeWindow: 60_000 };

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit },
      schema: {
        audience: 'public',
        tags,
        description:
          'Ask for a password reset link by username or email. The answer is the same whether or not an account matches; the email (a single-use link valid 30 minutes) is sent in the background, at most a few per account and hour.',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.forgotPassword(request.body.identifier),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit },
      schema: {
        audience: 'public',
        tags,
        description:
          "Set a new password with the emailed link's token (the password rules of sign-up). Every session of the account ends, sockets included (`session:ended`, reason `password_reset`), a sign-in lock is lifted, and the link and the account's other reset links stop working. Audited: user.password_reset.",
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.resetPassword(request.body, { ip: request.ip, requestId: request.id }),
  );
};

export default recoveryRoutes;
