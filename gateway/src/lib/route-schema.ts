import { errorResponseSchema, IDEMPOTENCY_KEY_PATTERN, MSG } from '@app/shared';
import { z } from 'zod';

/** Error answers a route documents, all in the one error shape. */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema])) as {
    [K in C[number]]: typeof errorResponseSchema;
  };
}

/** OpenAPI: the route needs `Authorization: Bearer <token>`. */
export const bearer = [{ bearerAuth: [] as string[] }];

const idempotencyKey = z
  .string({ error: MSG.idempotencyKeyInvalid })
  .regex(IDEMPOTENCY_KEY_PATTERN, MSG.idempotencyKeyInvalid);

/**
 * The `Idempotency-Key` header of a request that moves money: required, or accepted and
 * checked when sent. Other headers pass through untouched (Fastify replaces request.headers
 * with the parsed value).
 */
export const idempotencyKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey });
export const optionalIdempotencyKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey.optional() });
