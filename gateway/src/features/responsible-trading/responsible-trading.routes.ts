import {
  coolOffSchema,
  disclosureAcceptSchema,
  limitsUpdateSchema,
  responsibleTradingResponseSchema,
  responsibleTradingSchema,
  selfExclusionSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createResponsibleTradingService } from './responsible-trading.service.ts';

/** The signed-in user's own responsible-trading settings and the risk disclosure. */
const responsibleTradingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createResponsibleTradingService({ db: app.db, log: app.log.child({ feature: 'limits' }) });
  const tags = ['responsible trading'];
  const write = { 200: responsibleTradingResponseSchema, ...errorResponses(400, 401) };

  app.get(
    '/user/me/limits',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'The risk disclosure accepted, the daily loss and deposit limits (rupees; "daily" is the Indian day from IST midnight) with what today counts and any raise still waiting, and a running cool-off or self-exclusion.',
        response: { 200: responsibleTradingSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.read(caller(request).id),
  );

  app.put(
    '/user/me/limits',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Set both daily limits (null: none). A lower limit applies at once; a higher one or its removal after 24 hours.',
        body: limitsUpdateSchema,
        response: write,
      },
    },
    async (request) => service.updateLimits(caller(request).id, request.body),
  );

  app.post(
    '/user/me/cool-off',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Pause real-money trades and top-ups for 24 hours to 6 weeks; withdrawals stay open. A running cool-off is never shortened.',
        body: coolOffSchema,
        response: write,
      },
    },
    async (request) => service.coolOff(caller(request).id, request.body),
  );

  app.post(
    '/user/me/self-exclusion',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Close real-money trades and top-ups for 6 months or more; withdrawals stay open. Nobody can shorten it.',
        body: selfExclusionSchema,
        response: write,
      },
    },
    async (request) => service.selfExclude(caller(request).id, request.body),
  );

  app.post(
    '/user/me/disclosure',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Accept the risk disclosure and terms of this version, once; real-money trades, top-ups and withdrawals need it.',
        body: disclosureAcceptSchema,
        response: write,
      },
    },
    async (request) => service.acceptDisclosure(caller(request).id, request.body.version),
  );
};

export default responsibleTradingRoutes;
