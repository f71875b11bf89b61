import { riskExposureSchema, riskLimitsSchema, riskLimitsUpdateSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { startExposureFeed } from './risk.live.ts';
import { createRiskService } from './risk.service.ts';

export type RiskRoutesOptions = {
  /** How often the live exposure is read while admins are connected (tests shorten it). */
  exposureRefreshMs?: number;
};

/**
 * Risk (admin only, role-checked before anything else): the limits placement enforces, and
 * the open exposure of running real trades, also sent live to the admins room.
 */
const riskRoutes: FastifyPluginAsyncZod<RiskRoutesOptions> = async (app, opts) => {
  const service = createRiskService({ db: app.db });
  const tags = ['risk'];

  const stopFeed = startExposureFeed({
    io: app.io,
    load: () => service.exposure(),
    log: app.log.child({ feature: 'risk' }),
    intervalMs: opts.exposureRefreshMs,
  });
  app.addHook('onClose', async () => {
    await stopFeed();
  });

  app.get(
    '/admin/risk-limits',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'The limits on real-money placement, in rupees; null is no limit.',
        response: { 200: riskLimitsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.limits(),
  );

  app.put(
    '/admin/risk-limits',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Replace both limits (null: no limit). Placement checks them in its own transaction under the account lock; practice trades are outside them. Audited as risk_limits.update.',
        body: riskLimitsUpdateSchema,
        response: { 200: riskLimitsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.updateLimits(request.body, requestMeta(request)),
  );

  app.get(
    '/admin/risk/exposure',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Running real trades per coin and direction: count, stake, and what the platform pays if every one wins. Also sent as admin:exposure to the admins room when it changes.',
        response: { 200: riskExposureSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.exposure(),
  );
};

export default riskRoutes;
