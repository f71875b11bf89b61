import { z } from 'zod';

/** POST /api/auth/logout-all: no body, or an empty object (anything in it is refused). */
export const logoutAllBodySchema = z.strictObject({}).optional();
export type LogoutAllBody = z.output<typeof logoutAllBodySchema>;

/** POST /api/auth/logout-all: every token of the caller, theirs included, has stopped working. */
export const logoutAllResponseSchema = z.object({ message: z.string() });
export type LogoutAllResponse = z.infer<typeof logoutAllResponseSchema>;
