import { errorResponseSchema } from '@app/shared';

/** Error answers a route documents, all in the one error shape. */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema])) as {
    [K in C[number]]: typeof errorResponseSchema;
  };
}

/** OpenAPI: the route needs `Authorization: Bearer <token>`. */
export const bearer = [{ bearerAuth: [] as string[] }];
