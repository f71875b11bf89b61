import { z } from 'zod';

/**
 * The settings of db's command-line entry points (`pnpm db:migrate`, `pnpm --filter @app/db
 * seed`, the containers' one-shot migrate service), validated once: a missing or bad value stops
 * the command with a message that names it.
 */
const schema = z.object({
  DATABASE_URL: z.url({
    error: 'DATABASE_URL must be a postgres:// URL, e.g. postgres://postgres@127.0.0.1:5432/app',
  }),
  SUPERADMIN_USERNAME: z.string().min(1).optional(),
  SUPERADMIN_EMAIL: z.string().min(1).optional(),
  SUPERADMIN_PASSWORD: z.string().min(1).optional(),
});

export type CliConfig = z.output<typeof schema>;

export function loadCliConfig(env: Record<string, string | undefined> = process.env): CliConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  return parsed.data;
}
