import {
  type ForgotPasswordBody,
  forgotPasswordSchema,
  MSG,
  messageResponseSchema,
  resetPasswordSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hourlyRate } from '../../lib/rate-limit.ts';
import { errorResponses } from '../../lib/route-schema.ts';
import { createPasswordPolicy } from './password-policy.ts';
import { createRecoveryService } from './recovery.service.ts';

export type RecoveryRoutesOptions = {
  /** Requests per minute per address to each route. */
  rateLimit: number;
  /** Reset emails that may be asked for one username or email per hour. */
  mailsPerHour: number;
};

/** A forgotten password: the emailed link (POST /auth/forgot-password), then the new password. */
const recoveryRoutes: FastifyPluginAsyncZod<RecoveryRoutesOptions> = async (app, opts) => {
  const service = createRecoveryService({
    db: app.db,
    sessions: app.sessions,
    accountMail: app.accountMail,
    passwords: createPasswordPolicy(app.siteSettings),
  });
  const tags = ['auth'];
  const rateLimit = { max: opts.rateLimit, timeWindow: 60_000 };
  // By the name asked for, whether or not an account has it: the answer tells nothing more.
  const identifierRate = hourlyRate(app, {
    name: 'reset-mail',
    max: opts.mailsPerHour,
    key: (request) => (request.body as ForgotPasswordBody).identifier.toLowerCase(),
    message: MSG.accountMailsTooMany,
  });

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit },
      preHandler: identifierRate,
      schema: {
        audience: 'public',
        tags,
        description:
          'Ask for a password reset link by username or email. The answer is the same whether or not an account matches; the email (a single-use link valid 30 minutes) is sent in the background, at most a few per account and hour; 429 with Retry-After when the same username or email was asked for too often within the hour.',
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
