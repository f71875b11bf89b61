import { Readable } from 'node:stream';
import { statementQuerySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createStatementsService } from './statements.service.ts';

/** The caller's own statement; nothing here reads another user's ledger. */
const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createStatementsService({ db: app.db });

  app.get(
    '/user/me/statement',
    {
      schema: {
        audience: 'user',
        tags: ['wallet'],
        security: bearer,
        description:
          'The caller’s real balance from `from` to `to` (whole days, India time, at most 3 years) as CSV or PDF, streamed: every movement with the running balance (the opening balance first) and a summary per Indian financial year (1 April to 31 March). INR with 2 decimals; in the CSV a text cell starting with = + - @, tab or CR is prefixed with an apostrophe, amounts stay numbers.',
        querystring: statementQuerySchema,
        response: {
          // Streamed as it is: no serializer touches a stream.
          200: z.unknown().describe('text/csv; charset=utf-8 or application/pdf'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const file = await service.statement(caller(request).id, request.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(file.body));
    },
  );
};

export default statementsRoutes;
