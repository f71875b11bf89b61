import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const notificationsRoutes: FastifyPluginAsyncZod = async () => {};

export default notificationsRoutes;
