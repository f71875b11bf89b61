import { errorResponseSchema, exceedsDepth, findNul, IDEMPOTENCY_KEY_PATTERN, MSG } from '@app/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
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

/** Refuses a request part holding a NUL (with its path, see `findNul`) or nested too deep. */
const noNul = z.unknown().superRefine((value, ctx) => {
  if (exceedsDepth(value)) {
    ctx.addIssue({ code: 'custom', message: MSG.invalidInput, input: value });
    return;
  }
  const path = findNul(value);
  if (path) ctx.addIssue({ code: 'custom', message: MSG.textControlCharacters, path, input: value });
});

/**
 * The app's validator compiler: the zod schema of each route part, behind one last check that
 * holds for every route whatever its schema says. A string holding NUL in the body, the query,
 * the path or a header is refused with 400 (404 for a path, as any bad path parameter) before
 * the route's schema runs: PostgreSQL cannot store NUL in text, and a schema that forgot the
 * shared text primitives must not turn such a request into a 500. The shared primitives
 * (`singleLineText`, `multiLineText`) refuse NUL and the other control characters field by
 * field with the same message; this is the net under them.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (routeSchema) => {
  const guard = validatorCompiler({ ...routeSchema, schema: noNul });
  const validate = validatorCompiler(routeSchema);
  return (data) => {
    const refused = guard(data);
    if (typeof refused === 'object' && 'error' in refused && refused.error) return refused;
    return validate(data);
  };
};
