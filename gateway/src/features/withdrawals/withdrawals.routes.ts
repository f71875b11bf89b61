import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const withdrawalsRoutes: FastifyPluginAsyncZod = async () => {};

export default withdrawalsRoutes;
