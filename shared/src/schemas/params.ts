import { z } from 'zod';
import { MSG } from '../messages.ts';
import { positiveIntId } from '../validation.ts';

/**
 * A uuid key. A path id that is not one names nothing, so it fails with the same message as an
 * id nobody has, and the gateway answers a failing path parameter 404.
 */
export const uuidSchema = z.uuid({ error: MSG.notFound });

export const isUuid = (value: unknown): value is string => uuidSchema.safeParse(value).success;

/** `:id` of every route whose resource has a uuid key. */
export const idParamsSchema = z.object({ id: uuidSchema });

/** `:userId` of the routes that name a user. */
export const userIdParamsSchema = z.object({ userId: uuidSchema });

/** `:id` of a resource with a serial key: a positive integer that fits Postgres's integer. */
export const numericIdParamsSchema = z.object({ id: positiveIntId(MSG.notFound) });
