import type { z } from 'zod';

/** The first issue's message: forms show one message at a time, in the spec's order. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Validate in a form: `{ ok: true, data }` or `{ ok: false, message }`. */
export function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; message: string } {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, message: firstIssueMessage(result.error) };
}
