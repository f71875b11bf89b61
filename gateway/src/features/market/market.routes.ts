import {
  candlesQuerySchema,
  candlesResponseSchema,
  feedStatusSchema,
  marketPairParamsSchema,
  marketResponseSchema,
  orderBookSchema,
  sparklineQuerySchema,
  sparklineResponseSchema,
  stats24hSchema,
  usdtInrResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonOnce, sendJson } from '../../lib/cached.ts';
import { errorResponses } from '../../lib/route-schema.ts';

/**
 * Public market data. Every answer comes from Redis (kept by the ingestion worker) or the
 * Postgres tick archive, never from a call to the exchange per request.
 */
const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const market = app.market;
  const tags = ['market'];

  app.get(
    '/market',
    { schema: { audience: 'public', tags, response: { 200: marketResponseSchema } } },
    async (_request, reply) => {
      const answer = await market.market();
      return sendJson(
        reply,
        jsonOnce(answer, marketResponseSchema, () => answer),
      );
    },
  );

  app.get(
    '/market/feed',
    { schema: { audience: 'public', tags, response: { 200: feedStatusSchema } } },
    async () => market.feed(),
  );

  app.get(
    '/sparkline',
    {
      schema: {
        audience: 'public',
        tags,
        querystring: sparklineQuerySchema,
        response: { 200: sparklineResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => market.sparkline(request.query),
  );

  app.get(
    '/candles',
    {
      schema: {
        audience: 'public',
        tags,
        querystring: candlesQuerySchema,
        response: { 200: candlesResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => market.candles(request.query),
  );

  app.get(
    '/binance/usdt-inr',
    { schema: { audience: 'public', tags, response: { 200: usdtInrResponseSchema } } },
    async () => market.usdtInr(),
  );

  app.get(
    '/binance/stats/:pair',
    {
      schema: {
        audience: 'public',
        tags,
        params: marketPairParamsSchema,
        response: { 200: stats24hSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => market.stats(request.params.pair),
  );

  app.get(
    '/binance/orderbook/:pair',
    {
      schema: {
        audience: 'public',
        tags,
        params: marketPairParamsSchema,
        response: { 200: orderBookSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => market.orderBook(request.params.pair),
  );
};

export default marketRoutes;
