import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { serverMessageOr } from './api.ts';
import { type PasswordCheck, passwordIssue } from './password-strength.ts';

/** What the form needs of a zod schema from `@app/shared`: its output type. */
type Schema<Out> = { _zod: { output: Out } };

/**
 * A form checked on submit by the `@app/shared` schema the gateway validates with, so the
 * browser shows the gateway's exact messages. Like the spec's forms it shows one message, the
 * first the schema finds (`formMessage`), and keeps it until the next submit. A form that sets
 * a password names it (`password`): once the schema passes, the password rule's estimator
 * judges it as the gateway will.
 */
export function useSchemaForm<V extends FieldValues, Out>(
  schema: Schema<Out>,
  defaultValues: V,
  /** What the schema reads, when the fields are not the request body as they are. */
  toInput?: (values: V) => FieldValues,
  password?: PasswordCheck<V>,
) {
  // The schemas take `unknown` input (they trim and default absent fields); the form's fields
  // are strings, which they accept.
  const checked = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, Out>;
  const resolver: Resolver<V, unknown, Out> = async (values, context, options) => {
    const result = await checked(toInput ? toInput(values) : values, context, options as never);
    if (!password || Object.keys(result.errors).length > 0) return result as never;
    const issue = await passwordIssue(String(values[password.field] ?? ''), password.owner(values));
    if (!issue) return result as never;
    return { values: {}, errors: { [password.field]: { type: 'validate', message: issue } } } as never;
  };
  return useForm<V, unknown, Out>({
    resolver,
    defaultValues: defaultValues as DefaultValues<V>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
}

/** The message to show: the first field error in the schema's order, else the server's. */
export function formMessage(errors: FieldErrors): string | null {
  for (const [key, error] of Object.entries(errors)) {
    if (key === 'root') continue;
    if (error && typeof error.message === 'string' && error.message) return error.message;
  }
  return errors.root?.server?.message ?? null;
}

/** The server refused: its message (else `fallback`) becomes the form's message. */
export function serverError(error: unknown, fallback: string) {
  return { type: 'server', message: serverMessageOr(error, fallback) } as const;
}
