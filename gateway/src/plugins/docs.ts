import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The route's declared audience (plugins/auth.ts) goes into its operation as `x-audience`. */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const { audience, ...schema } = out.schema;
  if (audience === undefined) return out;
  return { ...out, schema: { ...schema, ['x-audience' as string]: audience } };
};

/**
 * OpenAPI generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json.
 * Registered before the routes so it sees every one of them.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Trading platform API',
          version: '1.0.0',
          description: 'Money in rupees (2 decimals). Errors: { statusCode, error, message, requestId }.',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
