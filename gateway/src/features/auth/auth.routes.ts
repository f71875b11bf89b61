import {
  authResponseSchema,
  changePasswordResponseSchema,
  changePasswordSchema,
  loginResponseSchema,
  loginSchema,
  logoutAllBodySchema,
  logoutAllResponseSchema,
  meResponseSchema,
  registerSchema,
  twoFactorVerifySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendJson } from '../../lib/cached.ts';
import { clientInfo } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { perAccount } from '../../plugins/security.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { createAuthService } from './auth.service.ts';
import { createPasswordPolicy } from './password-policy.ts';

export type AuthRoutesOptions = {
  loginRateLimit: number;
  registerRateLimit: number;
  /** Password changes per account per hour, right or wrong. */
  changePasswordRateLimit: number;
};

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const service = createAuthService({
    db: app.db,
    signToken: app.signToken,
    sessions: app.sessions,
    loginLock: app.loginLock,
    twoFactor: app.twoFactor,
    passwords: createPasswordPolicy(app.siteSettings),
  });
  const tags = ['auth'];

  app.post(
    '/auth/register',
    {
      config: { rateLimit: { max: opts.registerRateLimit, timeWindow: 60_000 } },
      schema: {
        audience: 'public',
        tags,
        body: registerSchema,
        response: { 201: authResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.register(request.body, clientInfo(request));
      await app.accountMail.sendVerification(answer.user.id);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: opts.loginRateLimit, timeWindow: 60_000 } },
      schema: {
        audience: 'public',
        tags,
        description:
          'Sign in with username or email. 429 when this address tried too often, or when the account is locked after too many failed attempts: the message says how long to wait, as does Retry-After (seconds); while locked, the right password is refused too. Attempts from the address the account last signed in from are counted apart from those from anywhere else, so guesses from elsewhere do not lock the owner out there; the owner is told by email when either locks. With two-factor sign-in on, the answer is `{ twoFactorRequired: true, challenge }` instead of a session: send the challenge with a code to POST /api/auth/2fa/verify. A staff account without it gets its session with `twoFactorSetupRequired: true`, and its staff routes answer 403 until it is turned on.',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.login(request.body, clientInfo(request)),
  );

  app.post(
    '/auth/2fa/verify',
    {
      config: { rateLimit: { max: opts.loginRateLimit, timeWindow: 60_000 } },
      schema: {
        audience: 'public',
        tags,
        description:
          "The second step of a sign-in: the challenge POST /api/auth/login answered (valid a few minutes, used once) and a code from the authenticator app or a recovery code (each works once). Answers the session as login does. A wrong code is recorded and counts towards the account's lock (429 with Retry-After once locked); 401 when the challenge expired or was used.",
        body: twoFactorVerifySchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.verifyTwoFactor(request.body, clientInfo(request), request.id),
  );

  app.get(
    '/auth/me',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        response: { 200: meResponseSchema, ...errorResponses(401) },
      },
    },
    // Encoded here rather than by the schema's serializer, which would check again with zod
    // what toPublicUser's type already holds, on every request of every signed-in page.
    async (request, reply) => {
      const answer: z.input<typeof meResponseSchema> = {
        user: toPublicUser(await service.me(caller(request).id)),
      };
      return sendJson(reply, JSON.stringify(answer));
    },
  );

  app.put(
    '/auth/change-password',
    {
      config: {
        rateLimit: { max: opts.changePasswordRateLimit, timeWindow: 3_600_000, keyGenerator: perAccount },
      },
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          "A wrong current password counts towards the account's sign-in lock like a wrong sign-in (429 with Retry-After once locked), and an account may try a limited number of changes per hour (429, the message and Retry-After say how long to wait).",
        body: changePasswordSchema,
        response: { 200: changePasswordResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.changePassword(caller(request), request.body, clientInfo(request)),
  );

  app.post(
    '/auth/logout-all',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          "Log out everywhere: every token of the caller stops working, this one too, and the caller's open sockets are disconnected with `session:ended`.",
        body: logoutAllBodySchema,
        response: { 200: logoutAllResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.logoutAll(caller(request)),
  );
};

export default authRoutes;
