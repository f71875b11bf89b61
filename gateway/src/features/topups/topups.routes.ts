import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type TopupsRoutesOptions = { voucherDir: string };

const topupsRoutes: FastifyPluginAsyncZod<TopupsRoutesOptions> = async () => {};

export default topupsRoutes;
