import {
  adminTopupsQuerySchema,
  adminTopupsResponseSchema,
  idParamsSchema,
  MSG,
  myTopupsQuerySchema,
  rejectTopupSchema,
  topupResponseSchema,
  topupsResponseSchema,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WriteLimits } from '../../config.ts';
import { hourlyRate } from '../../lib/rate-limit.ts';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses, optionalIdempotencyKeyHeaders } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createWalletEvents } from '../notifications/notifications.events.ts';
import { createTopupsService } from './topups.service.ts';
import { createVoucherStore } from './topups.storage.ts';
import { readTopupUpload, TOPUP_MULTIPART_OPTIONS } from './topups.upload.ts';
import { VOUCHER_EXTENSIONS } from './topups.voucher.ts';

export type TopupsRoutesOptions = { voucherDir: string; limits: WriteLimits['topups'] };

/**
 * Top-ups. A user sends an amount with a voucher image and sees their own requests; admins
 * list everybody's, decide each one once and view the vouchers. Multipart parsing is
 * registered here only, so no other route accepts uploads.
 */
const topupsRoutes: FastifyPluginAsyncZod<TopupsRoutesOptions> = async (app, opts) => {
  await app.register(multipart, TOPUP_MULTIPART_OPTIONS);
  const service = createTopupsService({
    db: app.db,
    caps: { pending: opts.limits.pending, voucherBytes: opts.limits.voucherBytes },
    store: createVoucherStore(opts.voucherDir),
    events: createWalletEvents(app.io, app.db),
    log: app.log.child({ feature: 'topups' }),
  });
  const tags = ['topups'];
  const requestRate = hourlyRate(app, {
    name: 'topups',
    max: opts.limits.perHour,
    message: MSG.topupsTooMany,
  });

  app.post(
    '/topups',
    {
      // Before the body is read: a refused request never uploads its voucher.
      preHandler: requestRate,
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `amount` (rupees), `currency` (INR), file `voucher` (JPEG, PNG or WebP by its bytes, at most 5242880 bytes). A retry with the same Idempotency-Key answers the first top-up. 429 with Retry-After when the caller asked too often within the hour; 409 when too many of theirs wait for review, or when the vouchers of their pending top-ups and of those of the last day would take more than the storage one account may use.',
        headers: optionalIdempotencyKeyHeaders,
        response: { 201: topupResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const upload = await readTopupUpload(request);
      const answer = await service.create(caller(request).id, upload, request.headers['idempotency-key']);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/topups/my',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        querystring: myTopupsQuerySchema,
        response: { 200: topupsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.listMine(caller(request).id, request.query),
  );

  app.get(
    '/topups',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Admins: every user’s top-ups; status defaults to pending, `all` lists every status.',
        querystring: adminTopupsQuerySchema,
        response: { 200: adminTopupsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(request.query, caller(request).staff),
  );

  app.put(
    '/topups/:id/approve',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Credit the amount (bill type recharge) and mark the top-up approved; 409 once decided.',
        params: idParamsSchema,
        response: { 200: topupResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.approve(request.params.id, requestMeta(request)),
  );

  app.put(
    '/topups/:id/reject',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Reject with remarks the user is shown (default "Rejected"); 409 once decided.',
        params: idParamsSchema,
        body: rejectTopupSchema,
        response: { 200: topupResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.reject(request.params.id, request.body.remarks, requestMeta(request)),
  );

  app.get(
    '/topups/:id/voucher',
    {
      schema: {
        audience: 'both',
        tags,
        security: bearer,
        description:
          'The voucher image, for the top-up’s owner and staff who may see that account (404 for anyone else).',
        params: idParamsSchema,
        response: {
          // Streamed as it is: no serializer touches a stream.
          200: z.unknown().describe('The image bytes: image/jpeg, image/png or image/webp'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const voucher = await service.voucher(caller(request), request.params.id);
      return reply
        .type(voucher.type)
        .header('content-length', voucher.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="voucher.${VOUCHER_EXTENSIONS[voucher.type]}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(voucher.stream);
    },
  );
};

export default topupsRoutes;
