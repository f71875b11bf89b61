import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const walletRoutes: FastifyPluginAsyncZod = async () => {};

export default walletRoutes;
